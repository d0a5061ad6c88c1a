import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decode, decodeRobust, encode, encodeRobust } from 'wm-watermark-codec';
import { LANGUAGES } from '../packages/codec/test/corpus/languages.js';
import { SECRET_64 } from './codec.js';
import { QUICK, median, round, timeRounds } from './measure.js';
import { ROOT } from './processes.js';

const MB = QUICK ? 0.25 : 1;
const ROUNDS = 3;
const MIN_MS = QUICK ? 30 : 100;

export interface ScriptRow {
  language: string;
  /** MB/s of carrier (UTF-8) */
  encode: number;
  decode: number;
  encodeRobust: number;
  decodeRobust: number;
}

/** The corpus paragraph of a language repeated, line after line, to about `bytes` UTF-8 bytes. */
function carrierOf(name: string, bytes: number): string {
  const paragraph = readFileSync(join(ROOT, 'test', 'corpus', `${name}.txt`), 'utf8').replace(/\n$/, '');
  const unit = `${paragraph}\n`;
  return unit.repeat(Math.max(1, Math.round(bytes / Buffer.byteLength(unit))));
}

/**
 * Encode (64 B), decode, encode-robust and decode-robust on a carrier of each language of the coverage table
 * (packages/codec/test/corpus), every case of one language interleaved round by round. Robust marks fill the whole
 * carrier, so its figures move with the share of carrier positions (Thai and its kin: only before spaces).
 */
export function measureScripts(log: (line: string) => void): ScriptRow[] {
  log(`scripts: ${LANGUAGES.length} languages, ${MB} MB each…`);
  return LANGUAGES.map(([name, label]) => {
    const text = carrierOf(name, MB * 1e6);
    const mbs = Buffer.byteLength(text) / 1e6;
    const marked = encode(text, SECRET_64).encoded;
    const robust = encodeRobust(text, SECRET_64, { seed: 1 }).watermarked;
    const times = timeRounds(
      {
        encode: () => encode(text, SECRET_64),
        decode: () => decode(marked),
        encodeRobust: () => encodeRobust(text, SECRET_64, { seed: 1 }),
        decodeRobust: () => decodeRobust(robust),
      },
      ROUNDS,
      MIN_MS,
    );
    const speed = (name: keyof typeof times) => round(mbs / (median(times[name]) / 1000), 3);
    return {
      language: label,
      encode: speed('encode'),
      decode: speed('decode'),
      encodeRobust: speed('encodeRobust'),
      decodeRobust: speed('decodeRobust'),
    };
  });
}
