import type { Candidate } from './candidate.js';

/**
 * The canonical stream of a text's words, the same for every copy: each word-kind candidate stands as one token
 * naming its variant (whatever its form), every other word as itself in lower case; punctuation and spacing are not
 * in it. A candidate's context is the CONTEXT_WORDS tokens on each side of it, and its hash (two 32-bit lanes) is
 * what is stored, keyed, for a site: the same in every copy, and found again in a leak without the text.
 */

/** Tokens on each side of a site that its hash covers: a typo in them loses the site, never misreads it. */
export const CONTEXT_WORDS = 3;

export type ContextHash = readonly [low: number, high: number];

const WORD = /[\p{L}\p{N}\p{M}]+(?:['\u2019][\p{L}\p{N}\p{M}]+)*/gu;
const SEEDS = [0x811c9dc5, 0x9e3779b9] as const;

function mix(value: number): number {
  let h = value ^ (value >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function stringHash(text: string, seed: number): number {
  let hash = seed;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return mix(hash);
}

function combine(parts: readonly number[], seed: number): number {
  let hash = seed;
  for (const part of parts) hash = Math.imul(((hash << 5) | (hash >>> 27)) ^ part, 0x27d4eb2d);
  return mix(hash ^ parts.length);
}

/** A 64-bit digest of a string (two lanes): of a unit's name, of a copy's id. Not keyed, not secret. */
export const textHash = (text: string): ContextHash => [stringHash(text, SEEDS[0]), stringHash(text, SEEDS[1])];

/** Keeps the word candidates that do not overlap an earlier one (ties: the empty one first, then the longer). */
function wordCandidates(candidates: readonly Candidate[]): Candidate[] {
  const words = candidates
    .filter((candidate) => candidate.kind === 'word')
    .sort((a, b) => a.start - b.start || (a.end === a.start ? -1 : b.end === b.start ? 1 : b.end - a.end));
  const kept: Candidate[] = [];
  let reached = 0;
  for (const candidate of words) {
    if (candidate.start < reached) continue;
    kept.push(candidate);
    reached = candidate.end;
  }
  return kept;
}

/**
 * The context hash of each candidate (undefined where it has fewer than CONTEXT_WORDS tokens on a side, or was
 * overlapped by another word candidate), in the order of `candidates`.
 */
export function contextHashes(text: string, candidates: readonly Candidate[]): (ContextHash | undefined)[] {
  const words = wordCandidates(candidates);
  const tokenOf = new Map<Candidate, number>();
  const positions: number[] = [];
  const lanes: [number[], number[]] = [[], []];
  const push = (token: string, position: number) => {
    positions.push(position);
    lanes[0].push(stringHash(token, SEEDS[0]));
    lanes[1].push(stringHash(token, SEEDS[1]));
  };
  let next = 0;
  for (const match of text.matchAll(WORD)) {
    const start = match.index;
    const end = start + match[0].length;
    while (next < words.length && words[next].start <= start) {
      tokenOf.set(words[next], positions.length);
      push(`\u0000${words[next].key}`, words[next].start);
      next++;
    }
    const covering = words[next - 1];
    if (covering !== undefined && start < covering.end && end > covering.start) continue;
    if (next < words.length && words[next].start < end && words[next].end > start) continue;
    push(match[0].toLowerCase().replace(/\u2019/g, "'"), start);
  }
  for (; next < words.length; next++) {
    tokenOf.set(words[next], positions.length);
    push(`\u0000${words[next].key}`, words[next].start);
  }

  const count = positions.length;
  const firstAtOrAfter = (position: number) => {
    let low = 0;
    let high = count;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (positions[middle] < position) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return candidates.map((candidate) => {
    let before: number;
    let after: number;
    if (candidate.kind === 'word') {
      const index = tokenOf.get(candidate);
      if (index === undefined) return undefined;
      before = index;
      after = index + 1;
    } else {
      before = after = firstAtOrAfter(candidate.anchor);
    }
    if (before < CONTEXT_WORDS || after + CONTEXT_WORDS > count) return undefined;
    return SEEDS.map((seed, lane) => {
      const parts = [stringHash(candidate.key, seed)];
      for (let i = before - CONTEXT_WORDS; i < before; i++) parts.push(lanes[lane][i]);
      for (let i = after; i < after + CONTEXT_WORDS; i++) parts.push(lanes[lane][i]);
      return combine(parts, seed);
    }) as unknown as ContextHash;
  });
}
