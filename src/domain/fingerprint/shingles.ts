import type { VisibleWords } from './visible-words.js';

/**
 * The hashes of a text's shingles: each run of consecutive tokens that starts at a token and is just long enough
 * to reach `shingleUnits` (WORD_UNITS: five words are 10 units, as are ten Han characters). Two 32-bit lanes per
 * shingle, so that two different shingles share both with a chance of about 2^-64; `low` alone decides which
 * shingles winnowing keeps. These hashes are not secret and never stored: fingerprint.ts keys the kept ones.
 */
export interface ShingleHashes {
  low: Uint32Array;
  high: Uint32Array;
}

const LANE_SEEDS = [0x811c9dc5, 0x6a09e667] as const;

/** FNV-1a over the UTF-16 code units of one token, then murmur3's mixer (FNV alone mixes its last bits badly). */
function tokenHash(token: string, seed: number): number {
  let hash = seed;
  for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193);
  return mix(hash);
}

function mix(value: number): number {
  let h = value ^ (value >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** An order-sensitive combination of the token hashes of one shingle. */
function shingleHash(tokenHashes: Uint32Array, start: number, end: number, seed: number): number {
  let hash = seed;
  for (let i = start; i < end; i++) hash = Math.imul(((hash << 5) | (hash >>> 27)) ^ tokenHashes[i], 0x27d4eb2d);
  return mix(hash ^ (end - start));
}

export function shingleHashes(words: VisibleWords, shingleUnits: number): ShingleHashes {
  const { tokens, units } = words;
  const lanes = LANE_SEEDS.map((seed) => Uint32Array.from(tokens, (token) => tokenHash(token, seed)));
  const low: number[] = [];
  const high: number[] = [];
  let end = 0;
  let sum = 0;
  for (let start = 0; start < tokens.length; start++) {
    while (end < tokens.length && sum < shingleUnits) sum += units[end++];
    if (sum < shingleUnits) break;
    low.push(shingleHash(lanes[0], start, end, LANE_SEEDS[0]));
    high.push(shingleHash(lanes[1], start, end, LANE_SEEDS[1]));
    sum -= units[start];
  }
  return { low: Uint32Array.from(low), high: Uint32Array.from(high) };
}
