import { createCipheriv, createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { shingleHashes } from './shingles.js';
import { visibleWords, WORD_UNITS } from './visible-words.js';
import { winnow } from './winnow.js';

/**
 * The fingerprint of a text's visible words: the winnowed hashes of its shingles, keyed, never the text. It tells
 * which stored document a leaked text comes from, even when every hidden mark is gone, and never who received it
 * (docs/TRACING.md). A stored fingerprint is compared only with fingerprints made with the same version and key.
 */

/** The method and its parameters; a change of either makes a new version (stored fingerprints keep theirs). */
export const FINGERPRINT_VERSION = 1;

export interface FingerprintParameters {
  /** how much text one shingle spans, in WORD_UNITS (a word is 2, a Han or Thai character 1) */
  shingleUnits: number;
  /** winnowing window, in shingles: any shared run of window + shingle − 1 words is always found */
  window: number;
}

/** Version 1: shingles of seven words, windows of ten (docs/TRACING.md gives the measurements behind them). */
export const FINGERPRINT_PARAMETERS: Readonly<FingerprintParameters> = Object.freeze({ shingleUnits: 14, window: 10 });

export const FINGERPRINT_KEY_BYTES = 32;

/**
 * The key of an owner's fingerprints. Without it a stored hash tells nothing, not even whether a document holds a
 * phrase one guesses (an unkeyed hash of five words is easily tested).
 */
export interface FingerprintKey {
  readonly cipher: KeyObject;
}

export function fingerprintKey(secret: Uint8Array): FingerprintKey {
  if (!(secret instanceof Uint8Array) || secret.length !== FINGERPRINT_KEY_BYTES)
    throw new RangeError(`A fingerprint key must be exactly ${FINGERPRINT_KEY_BYTES} bytes`);
  const derived = createHmac('sha256', secret).update('wm fingerprint v1').digest().subarray(0, 16);
  return { cipher: createSecretKey(derived) };
}

export interface Fingerprint {
  version: number;
  /** the text's visible words (a character of a script written without spaces counts half) */
  words: number;
  /** the kept shingle hashes, keyed: distinct, in increasing order, each a signed 32-bit integer (an SQL integer) */
  hashes: Int32Array;
}

export function computeFingerprint(
  text: string,
  key: FingerprintKey,
  parameters: Readonly<FingerprintParameters> = FINGERPRINT_PARAMETERS,
): Fingerprint {
  const words = visibleWords(text);
  const { low, high } = shingleHashes(words, parameters.shingleUnits);
  const kept = winnow(low, parameters.window);
  const units = words.units.reduce((sum, unit) => sum + unit, 0);
  return {
    version: FINGERPRINT_VERSION,
    words: Math.round(units / WORD_UNITS.word),
    hashes: keyedHashes(kept, low, high, key),
  };
}

/**
 * Each kept shingle's 64 bits through AES-128 (one block each, all in one call), the first 32 bits of the result
 * kept: a pseudorandom function of the shingle under the owner's key.
 */
function keyedHashes(kept: number[], low: Uint32Array, high: Uint32Array, key: FingerprintKey): Int32Array {
  const blocks = Buffer.alloc(kept.length * 16);
  kept.forEach((position, i) => {
    blocks.writeUInt32BE(high[position], i * 16);
    blocks.writeUInt32BE(low[position], i * 16 + 4);
  });
  const cipher = createCipheriv('aes-128-ecb', key.cipher, null).setAutoPadding(false);
  const encrypted = cipher.update(blocks);
  const hashes = Int32Array.from(kept, (_, i) => encrypted.readInt32BE(i * 16)).sort();
  return hashes.filter((hash, i) => i === 0 || hash !== hashes[i - 1]);
}
