import { isCarrier } from '../carriers.js';
import { graphemes } from '../graphemes.js';
import type { StealthLevel } from '../types.js';

const STARTS_WITH_LETTER = /^\p{L}/u;

/**
 * The UTF-16 offsets just after every grapheme that may carry a mark, in text order. A mark always goes after a
 * whole cluster of a carrier (src/codec/carriers.ts: the invisibility rules); `maximum` stealth further keeps
 * only letter clusters, so no punctuation, symbol or emoji carries one. (Typed, so a 100 MB text stays small.)
 */
export function carrierEnds(text: string, stealthLevel: StealthLevel): Int32Array {
  let ends = new Int32Array(1024);
  let count = 0;
  const lettersOnly = stealthLevel === 'maximum';
  for (const { segment, index } of graphemes(text)) {
    if (!isCarrier(segment) || (lettersOnly && !STARTS_WITH_LETTER.test(segment))) continue;
    if (count === ends.length) {
      const grown = new Int32Array(count * 2);
      grown.set(ends);
      ends = grown;
    }
    ends[count++] = index + segment.length;
  }
  return ends.subarray(0, count);
}
