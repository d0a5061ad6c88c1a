import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { stringJsonPieces } from './json-pieces.js';
import { writtenJsonOf } from './work-pool/written-json.js';

/**
 * UTF-16 units of a string written at once: a few milliseconds of the event loop at most (docs/PERFORMANCE.md), and
 * even in two bytes a character below V8's large objects (128 KiB), which cost fresh pages.
 */
export const PIECE_UNITS = 32_768;

/**
 * The JSON of a result as a stream: each property of the top object in turn, each item of an array, and a long
 * string a piece at a time, so that a large answer (an issue's copies, each up to megabytes) is written in small
 * steps and never held as one string: the event loop stays free between them. The bytes are JSON.stringify's, in
 * the same order; a field whose JSON a worker wrote is written as those bytes (./work-pool/written-json.ts).
 */
export function jsonStream(result: Record<string, unknown>): Readable {
  return Readable.from(chunksOf(piecesOf(result)), { objectMode: false });
}

/**
 * Small pieces (a key, a comma, a short value) joined up to a piece's size, each chunk a write of its own, with the
 * event loop's turn between two: a stream in flowing mode reads a synchronous source to its end in one go (an issue
 * of ten copies of 950 KB held the event loop 620 ms writing its answer).
 */
async function* chunksOf(pieces: Iterable<string | Uint8Array>): AsyncGenerator<string | Uint8Array> {
  let pending = '';
  for (const piece of pieces) {
    if (typeof piece !== 'string') {
      if (pending !== '') yield pending;
      pending = '';
      yield piece;
      continue;
    }
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

function* piecesOf(value: unknown): Generator<string | Uint8Array> {
  if (typeof value === 'string' && value.length > PIECE_UNITS) {
    yield* stringJsonPieces(value, PIECE_UNITS);
  } else if (Array.isArray(value)) {
    yield '[';
    for (const [i, item] of value.entries()) {
      if (i > 0) yield ',';
      yield* item === undefined || typeof item === 'function' ? ['null'] : piecesOf(item);
    }
    yield ']';
  } else if (typeof value === 'object' && value !== null && isPlainObject(value)) {
    let separator = '{';
    for (const key of Object.keys(value)) {
      const written = writtenJsonOf(value, key);
      const item: unknown = written ?? (value as Record<string, unknown>)[key];
      if (item === undefined || typeof item === 'function') continue;
      yield `${separator}${JSON.stringify(key)}:`;
      separator = ',';
      if (written) yield written;
      else yield* piecesOf(item);
    }
    yield separator === '{' ? '{}' : '}';
  } else {
    yield JSON.stringify(value);
  }
}
