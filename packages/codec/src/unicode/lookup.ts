import { DICTIONARY_BLOCKS, DICTIONARY_LETTERS, IDEOGRAPHIC_RANGES, VARIATION_BASES } from './variation-bases.js';

/** Binary search in a flat table of rows of `width` numbers whose first two are an inclusive [first, last] range. */
function findRow(table: readonly number[], width: number, codePoint: number): number {
  let low = 0;
  let high = table.length / width - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (codePoint < table[mid * width]) high = mid - 1;
    else if (codePoint > table[mid * width + 1]) low = mid + 1;
    else return mid;
  }
  return -1;
}

/** Ideographic (CJK, Tangut, Nushu, Khitan…): bases of the Ideographic Variation Database. */
export function isIdeographic(codePoint: number): boolean {
  return codePoint >= 0x3006 && findRow(IDEOGRAPHIC_RANGES, 2, codePoint) >= 0;
}

/**
 * After an ideograph, a selector below this one (VS1-VS16, VS17-VS128) is read as text, one from here on (VS129-VS256)
 * as payload. The IVD hands out selectors from VS17 upward per base (VS48 at most in the release the tables were
 * checked against: variation-bases.ts), so the encoder starts every run after an ideograph at VS129 (byte 0x80).
 */
export const FIRST_PAYLOAD_SELECTOR_AFTER_IDEOGRAPH = 0xe0170;

/** Whether the code point belongs to a script broken into words by a dictionary (Thai, Lao, Khmer, Myanmar, Tai…). */
export function isDictionaryScript(codePoint: number): boolean {
  return codePoint >= 0xe00 && findRow(DICTIONARY_BLOCKS, 2, codePoint) >= 0;
}

/**
 * Whether the code point is a letter or mark that a browser hands to its word dictionary (Line_Break SA): a run of
 * them ends at any other character (a space, punctuation, a digit, another script's letter).
 */
export function isDictionaryLetter(codePoint: number): boolean {
  return codePoint >= 0xe01 && findRow(DICTIONARY_LETTERS, 2, codePoint) >= 0;
}

/** Whether the base has a registered sequence with one of VS1-VS16 in StandardizedVariants.txt or the emoji list. */
export function registersStandardVariant(codePoint: number): boolean {
  return (standardMask(codePoint) & 0xffff) !== 0;
}

/**
 * Standardized variation sequences that Unicode 15.0 registered (StandardizedVariants-15.0.0.txt, Egyptian
 * hieroglyphs rotated) and 16.0 withdrew, as [base, mask] pairs like VARIATION_BASES' rows: text written meanwhile
 * holds them, so they stay text and their bases stay no carriers (removing carriers only: docs/FORMAT.md).
 */
const WITHDRAWN_SINCE_15: readonly number[] = [0x13092, 0x1, 0x130a9, 0x2, 0x1333b, 0x1, 0x13403, 0x1];

/** Bits 0-15: which of U+FE00-U+FE0F form a registered variation sequence after this (non-ideographic) base. */
function standardMask(codePoint: number): number {
  if (codePoint < 0x23) return 0;
  const row = findRow(VARIATION_BASES, 3, codePoint);
  const mask = row < 0 ? 0 : VARIATION_BASES[row * 3 + 2];
  if (codePoint < 0x13092 || codePoint > 0x13403) return mask;
  const withdrawn = WITHDRAWN_SINCE_15.indexOf(codePoint);
  return withdrawn >= 0 && withdrawn % 2 === 0 ? mask | WITHDRAWN_SINCE_15[withdrawn + 1] : mask;
}

/** Whether Unicode registers any variation sequence with this base (a selector after it may change its glyph). */
export function registersVariations(codePoint: number): boolean {
  return standardMask(codePoint) !== 0 || isIdeographic(codePoint);
}

/**
 * Whether the base is one of emoji-variation-sequences.txt (❤ © ™ ⌚ digits # * …): FE0E/FE0F switch its presentation.
 */
export function isEmojiVariationBase(codePoint: number): boolean {
  return (standardMask(codePoint) & 0xc000) === 0xc000;
}

/**
 * Whether `selector`, directly after `base`, is part of the text (a registered variation sequence) rather than payload:
 * FE0E/FE0F after an emoji-variation base, VS1-VS16 after a standardized-variant base, VS1-VS128 after an ideograph.
 */
export function isTextSelector(base: number, selector: number): boolean {
  if (selector >= 0xfe00 && selector <= 0xfe0f) {
    return ((standardMask(base) >>> (selector - 0xfe00)) & 1) === 1 || isIdeographic(base);
  }
  return selector < FIRST_PAYLOAD_SELECTOR_AFTER_IDEOGRAPH && isIdeographic(base);
}

/**
 * The bases below `limit` after which `selector` (one of VS1-VS16) is part of the text, as isTextSelector says, as
 * a table of bits (bit c & 7 of byte c >> 3): for a search that asks it of every presentation selector of a text.
 */
export function textSelectorBases(selector: number, limit: number): Uint8Array {
  const table = new Uint8Array(Math.ceil(limit / 8));
  // whole bytes at once inside a range: the table is built at the start of every thread that scans
  const mark = (first: number, last: number): void => {
    const end = Math.min(last + 1, limit);
    let codePoint = first;
    for (; codePoint < end && (codePoint & 7) !== 0; codePoint++) table[codePoint >> 3] |= 1 << (codePoint & 7);
    const wholeBytes = Math.max(0, end - codePoint) >> 3;
    table.fill(0xff, codePoint >> 3, (codePoint >> 3) + wholeBytes);
    for (codePoint += wholeBytes << 3; codePoint < end; codePoint++) table[codePoint >> 3] |= 1 << (codePoint & 7);
  };
  const bit = selector - 0xfe00;
  for (let row = 0; row < VARIATION_BASES.length; row += 3) {
    if ((VARIATION_BASES[row + 2] >>> bit) & 1) mark(VARIATION_BASES[row], VARIATION_BASES[row + 1]);
  }
  for (let row = 0; row < WITHDRAWN_SINCE_15.length; row += 2) {
    if ((WITHDRAWN_SINCE_15[row + 1] >>> bit) & 1) mark(WITHDRAWN_SINCE_15[row], WITHDRAWN_SINCE_15[row]);
  }
  for (let row = 0; row < IDEOGRAPHIC_RANGES.length; row += 2)
    mark(IDEOGRAPHIC_RANGES[row], IDEOGRAPHIC_RANGES[row + 1]);
  return table;
}
