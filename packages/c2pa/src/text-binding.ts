/**
 * The hard binding of unstructured text (C2PA 2.4, A.8, "Validating a data hash"): the exclusions are byte ranges of
 * the text's UTF-8 as stored; the bytes left are decoded, normalised to NFC and encoded again, and that is hashed.
 * Removing before normalising keeps the ranges where they were (normalising first would move them whenever the
 * stored text is not NFC). The draft of this appendix read the ranges in the NFC form instead; on NFC text, which is
 * what nearly every editor stores, both readings are the same bytes.
 */

export interface Exclusion {
  start: number;
  length: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export const utf8Length = (text: string): number => encoder.encode(text).length;

/** The bytes the data hash covers, or null when the exclusions are out of order, out of bounds or split a character. */
export function boundBytes(utf8: Uint8Array, exclusions: readonly Exclusion[]): Uint8Array | null {
  const kept: Uint8Array[] = [];
  let at = 0;
  for (const { start, length } of exclusions) {
    const end = start + length;
    if (start < at || length < 1 || end > utf8.length || !boundary(utf8, start) || !boundary(utf8, end)) return null;
    kept.push(utf8.subarray(at, start));
    at = end;
  }
  kept.push(utf8.subarray(at));
  // each piece begins and ends at a character's boundary, so decoding them apart is decoding the whole
  const rest = kept.map((piece) => decoder.decode(piece)).join('');
  return encoder.encode(rest.normalize('NFC'));
}

/** Whether `index` is not inside a UTF-8 sequence (its byte is no continuation byte). */
const boundary = (utf8: Uint8Array, index: number): boolean => index === utf8.length || (utf8[index] & 0xc0) !== 0x80;
