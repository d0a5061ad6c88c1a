import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';

/** UTF-16 units of a string written at once: a few milliseconds of the event loop (docs/PERFORMANCE.md). */
export const PIECE_UNITS = 65_536;

/**
 * The JSON of a result as a stream: each property of the top object in turn, each item of an array, and a long
 * string a piece at a time, so that a large answer (an issue's copies, each up to megabytes) is written in small
 * steps and never held as one string: the event loop stays free between them. The bytes are JSON.stringify's, in
 * the same order.
 */
export function jsonStream(result: Record<string, unknown>): Readable {
  return Readable.from(chunksOf(piecesOf(result)), { objectMode: false });
}

/**
 * Small pieces (a key, a comma, a short value) joined up to a piece's size, each chunk a write of its own, with the
 * event loop's turn between two: a stream in flowing mode reads a synchronous source to its end in one go (an issue
 * of ten copies of 950 KB held the event loop 620 ms writing its answer).
 */
async function* chunksOf(pieces: Iterable<string>): AsyncGenerator<string> {
  let pending = '';
  for (const piece of pieces) {
    if (pending.length + piece.length > PIECE_UNITS && pending !== '') {
      yield pending;
      pending = '';
      await setImmediate();
    }
    pending += piece;
  }
  if (pending !== '') yield pending;
}

const isPlainObject = (value: object) => {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

function* piecesOf(value: unknown): Generator<string> {
  if (typeof value === 'string' && value.length > PIECE_UNITS) {
    yield* stringPieces(value);
  } else if (Array.isArray(value)) {
    yield '[';
    for (const [i, item] of value.entries()) {
      if (i > 0) yield ',';
      yield* item === undefined || typeof item === 'function' ? ['null'] : piecesOf(item);
    }
    yield ']';
  } else if (typeof value === 'object' && value !== null && isPlainObject(value)) {
    let separator = '{';
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === 'function') continue;
      yield `${separator}${JSON.stringify(key)}:`;
      separator = ',';
      yield* piecesOf(item);
    }
    yield separator === '{' ? '{}' : '}';
  } else {
    yield JSON.stringify(value);
  }
}

/** A long string's JSON in pieces, each cut where no surrogate pair is split (so each piece is JSON.stringify's). */
function* stringPieces(text: string): Generator<string> {
  yield '"';
  for (let at = 0; at < text.length;) {
    let end = Math.min(at + PIECE_UNITS, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    yield JSON.stringify(text.slice(at, end)).slice(1, -1);
    at = end;
  }
  yield '"';
}
