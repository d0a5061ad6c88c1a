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
