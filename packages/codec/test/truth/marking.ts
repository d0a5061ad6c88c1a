import { encode } from 'wm-watermark-codec/encode';
import { encodeRobust } from 'wm-watermark-codec/robust';
import { createSigningKey } from 'wm-watermark-codec/signing';
import type { Distribution, StealthLevel } from 'wm-watermark-codec/types';
import { loadCorpus } from '../corpus/load.js';
import { DISTRIBUTIONS, STEALTH_LEVELS, VS_METHODS, type VsOptions } from '../modes.js';

/**
 * How the truth checks (test/codec/truth.property.test.ts, `npm run test:truth`) mark texts: every VS method and
 * robust mode, keyed and not, signed and not, on the corpus texts of many scripts.
 */

/** The key marks are made with, and another one a reader may hold instead. */
export const KEY = new Uint8Array(32).map((_, i) => (i * 29 + 3) & 0xff);
export const OTHER_KEY = new Uint8Array(32).map((_, i) => (i * 31 + 7) & 0xff);
export const SIGNING_KEY = createSigningKey(new Uint8Array(32).map((_, i) => i + 101));
export const VERIFYING_KEYS = [{ publicKey: SIGNING_KEY.publicKey, name: 'truth' }];

const VS_MARKINGS: [string, VsOptions][] = [
  ...VS_METHODS,
  ['single, word ends', { method: 'single', markWordEnds: true }],
  ['auto, whole words', { method: 'auto', wholeWords: true }],
];

export interface Marking {
  name: string;
  family: 'vs' | 'robust';
  keyed: boolean;
  signed: boolean;
  /** the marked text; throws CodecError when the text cannot carry the secret (CARRIER_TOO_SHORT…) */
  mark(text: string, pattern: string, secret: string, seed: number): string;
}

function vsMarking([label, options]: [string, VsOptions], keyed: boolean, signed: boolean): Marking {
  const suffix = `${keyed ? ' keyed' : ''}${signed ? ' signed' : ''}`;
  return {
    name: `vs ${label}${suffix}`,
    family: 'vs',
    keyed,
    signed,
    mark: (text, pattern, secret, seed) =>
      encode(text, secret, {
        ...options,
        ...(options.method === 'pattern' ? { pattern } : {}),
        key: keyed ? KEY : undefined,
        ...(signed ? { signingKey: SIGNING_KEY, bindText: seed % 2 === 0 } : {}),
      }).encoded,
  };
}

function robustMarking(
  stealthLevel: StealthLevel,
  distribution: Distribution,
  keyed: boolean,
  signed: boolean,
  wholeWords = false,
) {
  return {
    name:
      `robust ${stealthLevel}/${distribution}${wholeWords ? ', whole words' : ''}` +
      `${keyed ? ' keyed' : ''}${signed ? ' signed' : ''}`,
    family: 'robust' as const,
    keyed,
    signed,
    mark: (text: string, _pattern: string, secret: string, seed: number) =>
      encodeRobust(text, secret, {
        stealthLevel,
        distribution,
        wholeWords,
        seed,
        key: keyed ? KEY : undefined,
        ...(signed ? { signingKey: SIGNING_KEY } : {}),
      }).watermarked,
  };
}

const FLAGS = [
  [false, false],
  [true, false],
  [false, true],
  [true, true],
] as const;

export const MARKINGS: Marking[] = [
  ...FLAGS.flatMap(([keyed, signed]) => VS_MARKINGS.map((method) => vsMarking(method, keyed, signed))),
  ...FLAGS.flatMap(([keyed, signed]) =>
    STEALTH_LEVELS.flatMap((level) => DISTRIBUTIONS.map((spread) => robustMarking(level, spread, keyed, signed))),
  ),
  ...FLAGS.map(([keyed, signed]) => robustMarking('standard', 'even', keyed, signed, true)),
];

export interface Carrier {
  name: string;
  /** a few sentences: what the VS methods mark */
  short: string;
  /** the paragraph three times over: long enough for robust copies of a short secret */
  long: string;
  pattern: string;
}

/** The corpus texts (25 languages, accented Latin, emoji, math, mixed directions). */
export const CARRIERS: Carrier[] = loadCorpus().map(({ name, text, pattern }) => ({
  name,
  short: text.split('\n').slice(0, 3).join('\n'),
  long: `${text}\n\n${text}\n\n${text}`,
  pattern,
}));

/** A text of the carrier marked with the secret, or null when it cannot carry it. */
export function markedText(marking: Marking, carrier: Carrier, secret: string, seed: number): string | null {
  const text = marking.family === 'robust' ? carrier.long : carrier.short;
  try {
    return marking.mark(text, carrier.pattern, secret, seed);
  } catch (error) {
    if ((error as { name?: string }).name === 'CodecError') return null;
    throw error;
  }
}
