import { decodeText } from './encoding.js';
import { positionsOf, type Position, type TextOrigin } from './positions.js';

/**
 * The text of a UTF-8 window reduced to the lines that may hold marks (prefilter.ts, markedLines): a file with a
 * watermark in its first paragraph is decoded and searched there, not through its megabytes of plain text. Every
 * line that holds a character scan may report is there whole, in order, so the codec reads the same: each mark with
 * the characters around it up to its line's end, every selector run and C2PA manifest whole (no line feed is part
 * of one), the same payload bytes and robust marks one after the other. A line feed before the first line stands
 * for the text before it, so that nothing reads as the start of the file that is not.
 */
export interface SparseText {
  text: string;
  /** where each piece (a stretch of lines) starts in `text`, and where its first character is in the file */
  pieces: { at: number; origin: TextOrigin }[];
  /** the UTF-16 length of what of `text` comes before the window's own end (what the window reports) */
  ownLength: number;
}

/** `bytes` reduced to `stretches` ([start, end) pairs from markedLines); `ownEnd`: the byte where the own part ends. */
export function sparseText(
  bytes: Buffer,
  stretches: readonly number[],
  ownEnd: number,
  origin: TextOrigin,
): SparseText {
  const parts: string[] = [];
  const pieces: SparseText['pieces'] = [];
  let at = 0;
  let ownLength = -1;
  const add = (part: string): void => {
    parts.push(part);
    at += part.length;
  };
  if (stretches[0] > 0) add('\n');
  let lines = origin.lines;
  let counted = 0;
  for (let k = 0; k < stretches.length; k += 2) {
    const [start, end] = [stretches[k], stretches[k + 1]];
    lines += lineFeeds(bytes, counted, start);
    counted = start;
    pieces.push({ at, origin: start === 0 ? origin : { lines, column: 0, utf16Column: 0 } });
    if (ownLength < 0 && ownEnd <= start) ownLength = at;
    if (ownLength < 0 && ownEnd < end) {
      add(decodeText(bytes.subarray(start, ownEnd), 'utf-8'));
      ownLength = at;
      add(decodeText(bytes.subarray(ownEnd, end), 'utf-8'));
    } else add(decodeText(bytes.subarray(start, end), 'utf-8'));
  }
  return { text: parts.join(''), pieces, ownLength: ownLength < 0 ? at : ownLength };
}

/** Positions of UTF-16 offsets (in any order) of a text made of `pieces`. */
export function piecePositions(text: string, pieces: SparseText['pieces'], offsets: readonly number[]): Position[] {
  if (pieces.length === 1) return positionsOf(text, offsets, pieces[0].origin, pieces[0].at);
  const positions = new Array<Position>(offsets.length);
  pieces.forEach(({ at, origin }, k) => {
    const next = k + 1 < pieces.length ? pieces[k + 1].at : Infinity;
    const here = offsets.flatMap((offset, index) => (offset >= at && offset < next ? [index] : []));
    const found = positionsOf(
      text,
      here.map((index) => offsets[index]),
      origin,
      at,
    );
    here.forEach((index, j) => (positions[index] = found[j]));
  });
  return positions;
}

function lineFeeds(bytes: Buffer, from: number, to: number): number {
  let count = 0;
  for (let at = bytes.indexOf(0x0a, from); at >= 0 && at < to; at = bytes.indexOf(0x0a, at + 1)) count++;
  return count;
}
