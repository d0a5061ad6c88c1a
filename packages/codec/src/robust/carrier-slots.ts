import { splitGraphemes } from 'unicode-segmenter/grapheme';
import { CARRIER, DICTIONARY, INERT, LETTER, clusterFlags, unitFlags } from './cluster-flags.js';
import { carriesAt, type MarkPositions } from '../carriers.js';
import { doubled } from '../growable.js';
import type { StealthLevel } from '../types.js';

/** Distinct clusters of several units remembered per call: real text repeats a few thousand at most. */
const MAX_CACHED_CLUSTERS = 1 << 16;

/**
 * The UTF-16 offsets just after every grapheme that may carry a mark, in text order. A mark always goes after a
 * whole cluster of a carrier (src/codec/carriers.ts: the invisibility rules, and the positions `positions` takes:
 * by default none at the end of a word, and in a script broken by a dictionary only where a run of it ends); `maximum`
 * stealth further keeps only letter clusters, so no punctuation, symbol or emoji carries one. (Typed, so a 100 MB
 * text stays small.)
 *
 * Speed (bench/): between two inert code units there is always a grapheme boundary (cluster-flags.ts), so runs of
 * them (ASCII, CJK, kana, Hangul syllables, most letters of most scripts) skip the segmenter, and only the
 * stretches around combining marks, joiners, selectors and astral characters are segmented. The carrier rule is
 * looked up per code unit or per distinct cluster instead of re-evaluated for each.
 */
export function carrierEnds(
  text: string,
  stealthLevel: StealthLevel,
  positions: MarkPositions = 'inside-words',
): Int32Array {
  const wanted = stealthLevel === 'maximum' ? CARRIER | LETTER : CARRIER;
  const cached = new Map<string, number>();
  const flagsOf = (cluster: string): number => {
    if (cluster.length === 1) return unitFlags(cluster.charCodeAt(0));
    let flags = cached.get(cluster);
    if (flags === undefined) {
      flags = clusterFlags(cluster);
      if (cached.size < MAX_CACHED_CLUSTERS) cached.set(cluster, flags);
    }
    return flags;
  };
  const isInertAt = (at: number): boolean => (unitFlags(text.charCodeAt(at)) & INERT) !== 0;
  const takesMark = (flags: number, start: number, end: number): boolean =>
    (flags & wanted) === wanted && carriesAt((flags & DICTIONARY) !== 0, text, start, end, positions);
  let ends = new Int32Array(1024);
  let count = 0;
  let at = 0; // always a grapheme boundary
  while (at < text.length) {
    const flags = unitFlags(text.charCodeAt(at));
    if ((flags & INERT) !== 0 && (at + 1 === text.length || isInertAt(at + 1))) {
      if (takesMark(flags, at, at + 1)) {
        if (count === ends.length) ends = doubled(ends);
        ends[count++] = at + 1;
      }
      at++;
      continue;
    }
    let stretchEnd = at + 1;
    while (stretchEnd < text.length && !(isInertAt(stretchEnd) && isInertAt(stretchEnd - 1))) stretchEnd++;
    let end = at;
    for (const cluster of splitGraphemes(text.slice(at, stretchEnd))) {
      end += cluster.length;
      if (takesMark(flagsOf(cluster), end - cluster.length, end)) {
        if (count === ends.length) ends = doubled(ends);
        ends[count++] = end;
      }
    }
    at = stretchEnd;
  }
  return ends.subarray(0, count);
}
