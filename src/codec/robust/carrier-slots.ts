import { isCarrier } from '../carriers.js';
import { graphemes } from '../graphemes.js';
import { doubled } from '../growable.js';
import type { StealthLevel } from '../types.js';

const STARTS_WITH_LETTER = /^\p{L}/u;
const CARRIER = 1;
const LETTER = 2;
/** Distinct clusters remembered per call: real text repeats a few thousand at most. */
const MAX_CACHED_CLUSTERS = 1 << 16;

const flagsOf = (cluster: string): number => (isCarrier(cluster) ? CARRIER : 0) | (STARTS_WITH_LETTER.test(cluster) ? LETTER : 0);
// built on first use, not at load: the Unicode property regexes it runs cost every CLI command a few ms
let asciiFlagsTable: Uint8Array | undefined;
const asciiFlags = (): Uint8Array =>
  (asciiFlagsTable ??= Uint8Array.from({ length: 0x80 }, (_, unit) => flagsOf(String.fromCharCode(unit))));
const isAscii = (unit: number): boolean => unit < 0x80;

/**
 * The UTF-16 offsets just after every grapheme that may carry a mark, in text order. A mark always goes after a
 * whole cluster of a carrier (src/codec/carriers.ts: the invisibility rules); `maximum` stealth further keeps
 * only letter clusters, so no punctuation, symbol or emoji carries one. (Typed, so a 100 MB text stays small.)
 *
 * Speed (bench/): between two ASCII characters there is always a grapheme boundary (UAX #29: no ASCII character
 * extends, joins or prepends; CR LF is one cluster, but neither is a carrier), so ASCII runs skip the segmenter,
 * and the carrier rule is looked up per distinct cluster instead of re-evaluated for each.
 */
export function carrierEnds(text: string, stealthLevel: StealthLevel): Int32Array {
  const wanted = stealthLevel === 'maximum' ? CARRIER | LETTER : CARRIER;
  const asciiFlagsOf = asciiFlags();
  const cached = new Map<string, number>();
  let ends = new Int32Array(1024);
  let count = 0;
  let at = 0; // always a grapheme boundary
  while (at < text.length) {
    const unit = text.charCodeAt(at);
    if (isAscii(unit) && (at + 1 === text.length || isAscii(text.charCodeAt(at + 1)))) {
      if ((asciiFlagsOf[unit] & wanted) === wanted) {
        if (count === ends.length) ends = doubled(ends);
        ends[count++] = at + 1;
      }
      at++;
      continue;
    }
    let stretchEnd = at + 1;
    while (stretchEnd < text.length && !(isAscii(text.charCodeAt(stretchEnd)) && isAscii(text.charCodeAt(stretchEnd - 1)))) stretchEnd++;
    for (const { segment, index } of graphemes(text.slice(at, stretchEnd))) {
      let flags = cached.get(segment);
      if (flags === undefined) {
        flags = flagsOf(segment);
        if (cached.size < MAX_CACHED_CLUSTERS) cached.set(segment, flags);
      }
      if ((flags & wanted) === wanted) {
        if (count === ends.length) ends = doubled(ends);
        ends[count++] = at + index + segment.length;
      }
    }
    at = stretchEnd;
  }
  return ends.subarray(0, count);
}
