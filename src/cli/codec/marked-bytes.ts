import type { MarkInsertion } from 'wm-watermark-codec';

/**
 * The encoded text as pieces to write in order: each run of marks, and between them the input's own bytes
 * (views, not copies). TEXT is BYTES decoded, so a stretch of it is as long in UTF-8 as the bytes it came from;
 * insertions sit at grapheme ends, never inside a surrogate pair.
 */
export function markedPieces(
  bytes: Uint8Array,
  text: string,
  insertions: readonly MarkInsertion[],
): (Uint8Array | string)[] {
  const pieces: (Uint8Array | string)[] = [];
  let index = 0;
  let offset = 0;
  for (const insertion of insertions) {
    const end = offset + Buffer.byteLength(text.slice(index, insertion.index), 'utf8');
    if (end > offset) pieces.push(bytes.subarray(offset, end));
    pieces.push(insertion.marks);
    index = insertion.index;
    offset = end;
  }
  if (offset < bytes.length) pieces.push(bytes.subarray(offset));
  return pieces;
}
