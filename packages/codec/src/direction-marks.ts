// The implicit directional marks, and the right-to-left text in which one belongs (the map's rule: hidden-marks.ts).

/**
 * U+200E LEFT-TO-RIGHT MARK, U+200F RIGHT-TO-LEFT MARK, U+061C ARABIC LETTER MARK: each is a strong character of one
 * direction that sets how the neutral characters beside it are placed. Unlike embeddings, overrides and isolates
 * they open nothing and reorder nothing else (Trojan Source does not use them).
 */
export const isDirectionMark = (unit: number): boolean => unit === 0x200e || unit === 0x200f || unit === 0x061c;

/**
 * A character of right-to-left script: the blocks whose code points are right-to-left (Bidi_Class R or AL) unless
 * assigned otherwise (the `@missing` lines of Unicode's DerivedBidiClass.txt): U+0590–08FF but U+061C itself,
 * U+FB1D–FDFF, U+FE70–FEFC, U+10800–10FFF, U+1E800–1EFFF.
 */
const RIGHT_TO_LEFT =
  /[\u0590-\u061B\u061D-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC]|[\uD802\uD803\uD83A\uD83B][\uDC00-\uDFFF]/;

/** Whether the text holds a character of right-to-left script (a direction mark aside). */
export const holdsRightToLeft = (text: string): boolean => RIGHT_TO_LEFT.test(text);
