// The zero-width characters and the rule of when a joiner or a zero-width space belongs to the text: apart from
// the map of hidden characters, so that strip (which the frame's bound-text digest runs) needs nothing of frames.
import { madeOnce } from './made-once.js';

/**
 * Whether a UTF-16 unit (NaN past either end of the text) is one of the zero-width kind's characters: U+00AD, U+034F,
 * U+115F, U+1160, U+17B4, U+17B5, U+180B–180F, U+200B–200D, U+2060–2065, U+3164, U+FEFF, U+FFA0. Compares, not a
 * regular expression: it is asked of the neighbours of every joiner, and a regular expression test made it slow to
 * run and, in an optimising compile, to compile.
 */
export const isZeroWidthUnit = (unit: number): boolean =>
  unit === 0x00ad ||
  unit === 0x034f ||
  unit === 0x115f ||
  unit === 0x1160 ||
  unit === 0x17b4 ||
  unit === 0x17b5 ||
  (unit >= 0x180b && unit <= 0x180f) ||
  (unit >= 0x200b && unit <= 0x200d) ||
  (unit >= 0x2060 && unit <= 0x2065) ||
  unit === 0x3164 ||
  unit === 0xfeff ||
  unit === 0xffa0;
export const isJoiner = (unit: number): boolean => unit === 0x200c || unit === 0x200d;

const latinLetter = madeOnce(() => /^(?=\p{L})\p{Script=Latin}$/u);
/** Scripts written without spaces, where U+200B marks where a word ends (line breaking, word selection). */
const spacelessLetter = madeOnce(
  () => /^(?=[\p{L}\p{M}])[\p{Script=Khmer}\p{Script=Thai}\p{Script=Lao}\p{Script=Myanmar}]$/u,
);
const isLatinLetter = (codePoint: number): boolean =>
  codePoint < 0x80
    ? (codePoint | 0x20) >= 0x61 && (codePoint | 0x20) <= 0x7a
    : codePoint >= 0xaa && codePoint <= 0x10ffff && latinLetter().test(String.fromCodePoint(codePoint));
// Thai (U+0E00) to Myanmar Extended-A (U+AA7F): a cheap bound before the regular expression
const isSpacelessLetter = (codePoint: number): boolean =>
  codePoint >= 0x0e00 && codePoint <= 0xaa7f && spacelessLetter().test(String.fromCodePoint(codePoint));

/**
 * Whether a joiner (ZWJ, ZWNJ) or a zero-width space between the code points `before` and `after` (NaN or -1 past
 * either end) belongs to the text: the one rule of the map, `wm scan`'s prefilter and strip. A joiner does beside
 * anything but another zero-width character (emoji sequences, Persian and Indic shaping) or a Latin letter on both
 * sides: no Latin word is written with one, so there it is a mark. A zero-width space does only between two letters
 * of a script written without spaces (Khmer, Thai, Lao, Myanmar), where it marks the end of a word.
 */
export function belongsToText(codePoint: number, before: number, after: number): boolean {
  if (isZeroWidthUnit(before) || isZeroWidthUnit(after)) return false;
  if (isJoiner(codePoint)) return !(isLatinLetter(before) && isLatinLetter(after));
  return codePoint === 0x200b && isSpacelessLetter(before) && isSpacelessLetter(after);
}

/**
 * Whether a Mongolian free variation selector (FVS1–FVS4: U+180B–180D, U+180F) right after `before` belongs to the
 * text: after a Mongolian letter (U+1820–1878, U+1880–18AA) it selects the letter's form, as StandardizedVariants.txt
 * registers (60 sequences in Unicode 15.0); anywhere else it is a stray invisible character.
 */
export const freeVariationOfText = (unit: number, before: number): boolean =>
  ((unit >= 0x180b && unit <= 0x180d) || unit === 0x180f) &&
  ((before >= 0x1820 && before <= 0x1878) || (before >= 0x1880 && before <= 0x18aa));
