/**
 * A place in a file: line and column from 1. `column` counts code points, as people and the table and --json name
 * it; `utf16Column` counts UTF-16 code units, as SARIF (GitHub code scanning) and most editors do. The two differ
 * after a character outside the BMP (an emoji) on the same line.
 */
export interface Position {
  line: number;
  column: number;
  utf16Column: number;
}

/** Where a piece of text starts in its file: lines before it; code points and UTF-16 units before it on its line. */
export interface TextOrigin {
  lines: number;
  column: number;
  utf16Column: number;
}

export const FILE_START: TextOrigin = { lines: 0, column: 0, utf16Column: 0 };

/**
 * Turns UTF-16 offsets of `text` (in any order, none before `from`, where `origin` is) into positions, in one pass
 * over the text up to the last of them. Lines end at LF, so a CRLF file counts its lines as every tool does.
 */
export function positionsOf(
  text: string,
  offsets: readonly number[],
  origin: TextOrigin = FILE_START,
  from = 0,
): Position[] {
  const order = offsets.map((_, k) => k).sort((a, b) => offsets[a] - offsets[b]);
  const positions = new Array<Position>(offsets.length);
  let line = origin.lines;
  let column = origin.column; // code points from the line's start to `at`
  let utf16Column = origin.utf16Column;
  let at = from;
  for (const k of order) {
    const offset = offsets[k];
    for (let newline = text.indexOf('\n', at); newline >= 0 && newline < offset; newline = text.indexOf('\n', at)) {
      line++;
      column = 0;
      utf16Column = 0;
      at = newline + 1;
    }
    column += codePointsIn(text, at, offset);
    utf16Column += Math.max(0, offset - at);
    at = Math.max(at, offset);
    positions[k] = { line: line + 1, column: column + 1, utf16Column: utf16Column + 1 };
  }
  return positions;
}

/** Where text[0, length) leaves off: the origin of the text that follows it. */
export function originAfter(text: string, length: number, origin: TextOrigin): TextOrigin {
  let lines = origin.lines;
  let lineStart = -1;
  for (let newline = text.indexOf('\n'); newline >= 0 && newline < length; newline = text.indexOf('\n', newline + 1)) {
    lines++;
    lineStart = newline + 1;
  }
  if (lineStart < 0) {
    return {
      lines,
      column: origin.column + codePointsIn(text, 0, length),
      utf16Column: origin.utf16Column + length,
    };
  }
  return { lines, column: codePointsIn(text, lineStart, length), utf16Column: length - lineStart };
}

/** The same for UTF-8 bytes that were not decoded (no hidden character in them). */
export function originAfterBytes(bytes: Uint8Array, origin: TextOrigin): TextOrigin {
  let lines = origin.lines;
  let lineStart = -1;
  for (let newline = bytes.indexOf(0x0a); newline >= 0; newline = bytes.indexOf(0x0a, newline + 1)) {
    lines++;
    lineStart = newline + 1;
  }
  let codePoints = 0;
  let supplementary = 0;
  // every byte that is not a continuation byte begins a code point; a 4-byte lead, one of two UTF-16 units
  for (let i = Math.max(0, lineStart); i < bytes.length; i++) {
    if ((bytes[i] & 0xc0) !== 0x80) codePoints++;
    if ((bytes[i] & 0xf8) === 0xf0) supplementary++;
  }
  if (lineStart >= 0) return { lines, column: codePoints, utf16Column: codePoints + supplementary };
  return { lines, column: origin.column + codePoints, utf16Column: origin.utf16Column + codePoints + supplementary };
}

/** Code points in text[start, end): UTF-16 units less the low halves of surrogate pairs. */
function codePointsIn(text: string, start: number, end: number): number {
  let count = 0;
  for (let i = start; i < end; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xdc00 || unit > 0xdfff || i === 0 || !isHighSurrogate(text.charCodeAt(i - 1))) count++;
  }
  return count;
}

const isHighSurrogate = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;

/** "12:5" */
export const formatPosition = ({ line, column }: Position): string => `${line}:${column}`;
