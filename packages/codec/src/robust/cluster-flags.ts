import { countGraphemes } from 'unicode-segmenter/grapheme';
import { DICTIONARY_SCRIPT, NOT_CARRIER, carrierRule } from '../carriers.js';

export const CARRIER = 1;
export const LETTER = 2;
/** a code unit that never joins a cluster with an inert neighbour (see unitFlags) */
export const INERT = 4;
const KNOWN = 8;
/** a cluster of a script broken into words by a dictionary: carries only where a run of its letters ends */
export const DICTIONARY = 16;

const STARTS_WITH_LETTER = /^\p{L}/u;

/**
 * CARRIER, DICTIONARY and LETTER of one grapheme cluster: the carrier rule (src/codec/carriers.ts) and maximum
 * stealth's test.
 */
export function clusterFlags(cluster: string): number {
  const rule = carrierRule(cluster);
  const carrier = rule === NOT_CARRIER ? 0 : (rule & DICTIONARY_SCRIPT) !== 0 ? CARRIER | DICTIONARY : CARRIER;
  return carrier | (STARTS_WITH_LETTER.test(cluster) ? LETTER : 0);
}

// Filled per code unit on first sight, not at load: the Unicode property regexes cost every CLI command a few ms.
const unitTable = new Uint8Array(0x10000);

/**
 * The flags of the code unit as a cluster of its own, plus INERT when the segmenter attaches it neither to an
 * ordinary letter on either side nor to a copy of itself. That leaves the Grapheme_Cluster_Break classes Other,
 * Control, CR, LF and the Hangul syllables LV and LVT (not Extend, ZWJ, SpacingMark, Prepend, the jamo L, V, T;
 * surrogates are excluded here, so no Regional_Indicator): UAX #29 puts a boundary between any two of those
 * except CR LF, which are no carriers. So between two inert units there is always a boundary.
 */
export function unitFlags(unit: number): number {
  const known = unitTable[unit];
  if (known !== 0) return known;
  const char = String.fromCharCode(unit);
  const isSurrogate = unit >= 0xd800 && unit <= 0xdfff;
  const inert = !isSurrogate && countGraphemes(`a${char}a`) === 3 && countGraphemes(char + char) === 2;
  return (unitTable[unit] = clusterFlags(char) | (inert ? INERT : 0) | KNOWN);
}
