import { createSigningKey, decode, decodeRobust, encode, encodeRobust, type VerifyingKey } from 'wm-watermark-codec';
import { carrierOf, type CarrierKind } from './carriers.js';
import { QUICK, median, medianRatio, round, timeRounds, type Cases } from './measure.js';

// Signing per operation: the same encode and decode, unsigned, signed, and signed over a bound text, on a
// paragraph-sized text (where the signature's fixed cost shows) and a larger one (where the bound text's
// normalisation and digest, linear in the text, show).
const SECRET = 'ID-2026-000042-X';
const SIZES = [
  { label: '4 KB', bytes: 4_000 },
  { label: '100 KB', bytes: 100_000 },
];
const ROUNDS = QUICK ? 3 : 7;
const MIN_MS = QUICK ? 30 : 150;
const KINDS: CarrierKind[] = ['prose', 'mixed'];

export interface SignedRow {
  carrier: CarrierKind;
  size: string;
  operation: string;
  unsignedUs: number;
  signedUs: number;
  boundUs: number;
  /** time signed ÷ time unsigned, and bound ÷ unsigned (medians of per-round ratios) */
  signedCost: number;
  boundCost: number;
}

export function measureSigned(log: (line: string) => void): SignedRow[] {
  const signingKey = createSigningKey(new Uint8Array(32).fill(7));
  const keys: VerifyingKey[] = [{ publicKey: signingKey.publicKey, name: 'bench' }];
  const rows: SignedRow[] = [];
  for (const carrier of KINDS) {
    for (const { label, bytes } of SIZES) {
      log(`signed: ${carrier} ${label}…`);
      const text = carrierOf(carrier, bytes);
      const variants = { unsigned: {}, signed: { signingKey }, bound: { signingKey, bindText: true } } as const;
      const cases: Cases = {};
      for (const [variant, options] of Object.entries(variants)) {
        const marked = encode(text, SECRET, options).encoded;
        const robust = encodeRobust(text, SECRET, { seed: 1, ...options }).watermarked;
        cases[`encode/${variant}`] = () => encode(text, SECRET, options);
        cases[`decode/${variant}`] = () => decode(marked, { keys });
        cases[`encode-robust/${variant}`] = () => encodeRobust(text, SECRET, { seed: 1, ...options });
        cases[`decode-robust/${variant}`] = () => decodeRobust(robust, { keys });
      }
      const times = timeRounds(cases, ROUNDS, MIN_MS);
      const us = (name: string) => round(median(times[name]) * 1000, 1);
      for (const operation of ['encode', 'decode', 'encode-robust', 'decode-robust']) {
        const t = (variant: string) => `${operation}/${variant}`;
        rows.push({
          carrier,
          size: label,
          operation: operation.startsWith('encode') ? `sign + ${operation}` : `${operation} + verify`,
          unsignedUs: us(t('unsigned')),
          signedUs: us(t('signed')),
          boundUs: us(t('bound')),
          signedCost: round(medianRatio(times[t('signed')], times[t('unsigned')])),
          boundCost: round(medianRatio(times[t('bound')], times[t('unsigned')])),
        });
      }
    }
  }
  return rows;
}
