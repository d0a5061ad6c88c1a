import { CodecError, decode, decodeRobust, encode, encodeRobust } from 'wm-watermark-codec';
import type { Distribution, EncodeOptions, StealthLevel } from 'wm-watermark-codec';

/** A fixed test key: the render check and the survival report need keyed frames, not secrecy. */
export const TEST_KEY = new Uint8Array(32).map((_, i) => (i * 37 + 11) & 0xff);

/** One way of watermarking a text, as the render check and the survival report exercise it. */
export interface Mode {
  name: string;
  family: 'vs' | 'robust';
  keyed: boolean;
  /** the watermarked text; throws CodecError (CARRIER_TOO_SHORT, …) when the text cannot carry it */
  encode(text: string, secret: string, pattern: string, seed: number): string;
  /** every secret this mode's decoder recovers from the text, first one first; [] when it finds none */
  recover(text: string): string[];
}

export type VsOptions = Pick<EncodeOptions, 'method' | 'chunkSize' | 'firstLetterOnly' | 'markWordEnds' | 'wholeWords'>;

/** Every VS method with the options that make it: the render check's modes, and the truth checks' markings. */
export const VS_METHODS: [string, VsOptions][] = [
  ['auto', { method: 'auto' }],
  ['single', { method: 'single' }],
  ['chunked-1', { method: 'chunked', chunkSize: 1 }],
  ['chunked-3', { method: 'chunked', chunkSize: 3 }],
  ['char', { method: 'char' }],
  ['char-first-letter', { method: 'char', firstLetterOnly: true }],
  ['pattern', { method: 'pattern' }],
];
export const STEALTH_LEVELS: StealthLevel[] = ['standard', 'high', 'maximum'];
export const DISTRIBUTIONS: Distribution[] = ['even', 'random', 'clustered'];

function vsMode(label: string, options: VsOptions, key: Uint8Array | undefined): Mode {
  return {
    name: `vs ${label}${key ? ' keyed' : ''}`,
    family: 'vs',
    keyed: key !== undefined,
    encode: (text, secret, pattern) =>
      encode(text, secret, { ...options, key, ...(options.method === 'pattern' ? { pattern } : {}) }).encoded,
    recover: (text) => recovered(() => decode(text, { key }).watermarks.map((found) => found.decoded)),
  };
}

function robustMode(stealthLevel: StealthLevel, distribution: Distribution, key: Uint8Array | undefined): Mode {
  return {
    name: `robust ${stealthLevel}/${distribution}${key ? ' keyed' : ''}`,
    family: 'robust',
    keyed: key !== undefined,
    encode: (text, secret, _pattern, seed) =>
      encodeRobust(text, secret, { stealthLevel, distribution, key, seed }).watermarked,
    recover: (text) => recovered(() => decodeRobust(text, { key }).watermarks.map((found) => found.decoded)),
  };
}

/** A decoder's typed refusal (NO_WATERMARK, CORRUPTED, KEY_MISMATCH…) counts as nothing recovered. */
function recovered(read: () => string[]): string[] {
  try {
    return read();
  } catch (error) {
    if (error instanceof CodecError) return [];
    throw error;
  }
}

/** Every VS method (keyed and unkeyed), then robust at every stealth level × distribution (keyed and unkeyed). */
export const MODES: Mode[] = [
  ...[undefined, TEST_KEY].flatMap((key) => VS_METHODS.map(([label, options]) => vsMode(label, options, key))),
  ...[undefined, TEST_KEY].flatMap((key) =>
    STEALTH_LEVELS.flatMap((level) => DISTRIBUTIONS.map((distribution) => robustMode(level, distribution, key))),
  ),
];
