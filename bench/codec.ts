import { analyze, decode, decodeRobust, encode, encodeRobust, strip } from 'wm-watermark-codec';
import { bufferRoundTrip, emojiEncoderDecode, loadStegCloak, regexScan } from './baselines.js';
import { CARRIER_KINDS, carrierOf, utf8Bytes, type CarrierKind } from './carriers.js';
import { QUICK, median, medianRatio, round, timeRounds, type Cases } from './measure.js';

export const SECRET_64 = 'wm-bench/0001 '.repeat(5).slice(0, 64);
const SECRET_4K = 'The secret of four kilobytes. '.repeat(140).slice(0, 4096);
const PASSWORD = 'bench password';

export const SIZES_MB = QUICK ? [1, 4] : [1, 20];
// a 20 MB call runs once per round and a 1 MB one dozens of times, so a burst of load from the machine's other
// tenants tilts single rounds of the linearity ratio (0.63–1.62 seen for one path): nine rounds steady its median
const ROUNDS = QUICK ? 3 : 9;
const MIN_MS = QUICK ? 50 : 200;

export interface CodecRow {
  carrier: CarrierKind;
  mb: number;
  operation: string;
  mbPerSecond: number;
  /** what the operation is compared with, and the ratio (speed ratio: > 1 means the operation is faster) */
  against: Record<string, number>;
}

/** Every codec operation on one carrier kind, both sizes interleaved in one run (for the linearity figure). */
function measureKind(kind: CarrierKind): { rows: CodecRow[]; linearity: Record<string, number> } {
  const cases: Cases = {};
  const bytesOf: Record<string, number> = {};
  for (const mb of SIZES_MB) {
    const text = carrierOf(kind, mb * 1e6);
    const bytes = utf8Bytes(text);
    const marked = encode(text, SECRET_64).encoded;
    const robust = encodeRobust(text, SECRET_64, { seed: 1 }).watermarked;
    const add = (name: string, run: () => unknown) => {
      cases[`${name}@${mb}`] = run;
      bytesOf[`${name}@${mb}`] = bytes;
    };
    add('regex scan', () => regexScan(marked));
    add('regex scan (robust text)', () => regexScan(robust));
    add('Buffer round trip', () => bufferRoundTrip(text));
    add('emoji-encoder decode', () => emojiEncoderDecode(marked));
    add('decode', () => decode(marked));
    add('encode 64 B', () => encode(text, SECRET_64));
    add('encode 4 KB', () => encode(text, SECRET_4K));
    add('analyze', () => analyze(marked));
    add('strip', () => strip(marked));
    add('decode-robust', () => decodeRobust(robust));
    add('encode-robust', () => encodeRobust(text, SECRET_64, { seed: 1 }));
  }
  const times = timeRounds(cases, ROUNDS, MIN_MS);
  const rows: CodecRow[] = [];
  const linearity: Record<string, number> = {};
  for (const mb of SIZES_MB) {
    const t = (name: string) => times[`${name}@${mb}`];
    const speed = (name: string) => round(bytesOf[`${name}@${mb}`] / 1e6 / (median(t(name)) / 1000), 3);
    const row = (operation: string, against: Record<string, number>) =>
      rows.push({ carrier: kind, mb, operation, mbPerSecond: speed(operation), against });
    const vs = (name: string, baseline: string) => round(medianRatio(t(baseline), t(name)));
    row('regex scan', {});
    row('decode', {
      'regex scan': vs('decode', 'regex scan'),
      'emoji-encoder decode': vs('decode', 'emoji-encoder decode'),
    });
    row('emoji-encoder decode', { 'regex scan': vs('emoji-encoder decode', 'regex scan') });
    row('Buffer round trip', {});
    // encode budgets are costs: time of encode / time of a plain copy
    row('encode 64 B', { 'cost vs Buffer round trip': round(medianRatio(t('encode 64 B'), t('Buffer round trip'))) });
    row('encode 4 KB', { 'cost vs Buffer round trip': round(medianRatio(t('encode 4 KB'), t('Buffer round trip'))) });
    row('analyze', { 'regex scan': vs('analyze', 'regex scan') });
    row('strip', { 'regex scan': vs('strip', 'regex scan') });
    row('regex scan (robust text)', {});
    row('decode-robust', { 'regex scan (robust text)': vs('decode-robust', 'regex scan (robust text)') });
    row('encode-robust', { 'regex scan (robust text)': vs('encode-robust', 'regex scan (robust text)') });
  }
  const [small, large] = SIZES_MB;
  for (const name of Object.keys(cases)
    .filter((key) => key.endsWith(`@${small}`))
    .map((key) => key.split('@')[0])) {
    // per-MB cost at the large size over per-MB cost at the small one, round by round
    const perMb = (mb: number) => times[`${name}@${mb}`].map((ms) => ms / bytesOf[`${name}@${mb}`]);
    linearity[name] = round(medianRatio(perMb(large), perMb(small)));
  }
  return { rows, linearity };
}

export interface StegCloakRow {
  carrier: CarrierKind;
  mb: number;
  hideMbPerSecond: number;
  revealMbPerSecond: number;
  /** our encode (64 B) and decode vs StegCloak hide and reveal of the same secret in the same carrier */
  encodeVsHide: number;
  decodeVsReveal: number;
  /** why StegCloak could not be measured on this carrier */
  failure?: string;
}

function measureStegCloak(kind: CarrierKind): StegCloakRow[] | null {
  const stegCloak = loadStegCloak();
  if (!stegCloak) return null;
  return SIZES_MB.map((mb) => {
    const text = carrierOf(kind, mb * 1e6);
    const mbs = utf8Bytes(text) / 1e6;
    const hidden = stegCloak.hide(SECRET_64, PASSWORD, text);
    const failure = revealFailure(() => stegCloak.reveal(hidden, PASSWORD));
    if (failure)
      return {
        carrier: kind,
        mb,
        hideMbPerSecond: NaN,
        revealMbPerSecond: NaN,
        encodeVsHide: NaN,
        decodeVsReveal: NaN,
        failure,
      };
    const marked = encode(text, SECRET_64).encoded;
    const times = timeRounds(
      {
        hide: () => stegCloak.hide(SECRET_64, PASSWORD, text),
        reveal: () => stegCloak.reveal(hidden, PASSWORD),
        encode: () => encode(text, SECRET_64),
        decode: () => decode(marked),
      },
      3,
      0,
    );
    return {
      carrier: kind,
      mb,
      hideMbPerSecond: round(mbs / (median(times.hide) / 1000), 3),
      revealMbPerSecond: round(mbs / (median(times.reveal) / 1000), 3),
      encodeVsHide: round(medianRatio(times.hide, times.encode)),
      decodeVsReveal: round(medianRatio(times.reveal, times.decode)),
    };
  });
}

/** StegCloak's own carrier characters include ZWJ, so it cannot read its secret back from text with ZWJ emoji. */
function revealFailure(reveal: () => string): string | undefined {
  try {
    return reveal() === SECRET_64 ? undefined : 'reveal returned a different secret';
  } catch (error) {
    return `reveal fails: ${error instanceof Error ? error.message : String(error)}`;
  }
}

export function measureCodec(log: (line: string) => void) {
  const rows: CodecRow[] = [];
  const linearity: Record<string, Record<string, number>> = {};
  const stegCloak: StegCloakRow[] = [];
  let stegCloakMissing = false;
  for (const kind of Object.keys(CARRIER_KINDS) as CarrierKind[]) {
    log(`codec: ${kind} carriers (${SIZES_MB.join(' and ')} MB)…`);
    const measured = measureKind(kind);
    rows.push(...measured.rows);
    linearity[kind] = measured.linearity;
    log(`codec: StegCloak on ${kind}…`);
    const steg = measureStegCloak(kind);
    if (steg) stegCloak.push(...steg);
    else stegCloakMissing = true;
  }
  return { rows, linearity, stegCloak: stegCloakMissing ? null : stegCloak };
}
