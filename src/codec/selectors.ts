/**
 * Byte <-> variation selector mapping shared with other selector tools:
 * byte b < 16 -> U+FE00 + b (VS1-VS16); b >= 16 -> U+E0100 + (b - 16) (VS17-VS256).
 */
export function selectorForByte(byte: number): string {
  return byte < 16 ? String.fromCharCode(0xfe00 + byte) : String.fromCodePoint(0xe0100 + byte - 16);
}

/** The byte a selector code point carries, or -1 when the code point is not a variation selector. */
export function byteForSelector(codePoint: number): number {
  if (codePoint >= 0xfe00 && codePoint <= 0xfe0f) return codePoint - 0xfe00;
  if (codePoint >= 0xe0100 && codePoint <= 0xe01ef) return codePoint - 0xe0100 + 16;
  return -1;
}

export const isVariationSelector = (codePoint: number): boolean => byteForSelector(codePoint) >= 0;

const SELECTOR_STRINGS = Array.from({ length: 256 }, (_, b) => selectorForByte(b));

/** The selector run that carries `bytes`. */
export function selectorsForBytes(bytes: Uint8Array, start = 0, end = bytes.length): string {
  let run = '';
  for (let i = start; i < end; i++) run += SELECTOR_STRINGS[bytes[i]];
  return run;
}

/** Length in UTF-16 units of the variation selector at `index`, or 0 when none starts there. */
export function selectorLengthAt(text: string, index: number): number {
  const unit = text.charCodeAt(index);
  if (unit >= 0xfe00 && unit <= 0xfe0f) return 1;
  if (unit === 0xdb40) {
    const low = text.charCodeAt(index + 1);
    if (low >= 0xdd00 && low <= 0xddef) return 2;
  }
  return 0;
}

/** The variation selector code point at `index` (caller checked selectorLengthAt > 0). */
export function selectorCodePointAt(text: string, index: number): number {
  const unit = text.charCodeAt(index);
  return unit === 0xdb40 ? 0xe0000 + (text.charCodeAt(index + 1) - 0xdc00) : unit;
}

/** The byte that the selector at `index` carries (U+FE00+b for b < 16, U+E0100+b-16 otherwise). */
export function byteOfSelectorAt(text: string, index: number): number {
  const unit = text.charCodeAt(index);
  return unit === 0xdb40 ? text.charCodeAt(index + 1) - 0xdd00 + 16 : unit - 0xfe00;
}
