import { Readable } from 'node:stream';

/**
 * The JSON of a result as a stream: each property of the top object in turn, and each item of a property that is an
 * array, so that a large answer (an issue's copies) is written a copy at a time and never held as one string. The
 * bytes are JSON.stringify's, in the same order.
 */
export function jsonStream(result: Record<string, unknown>): Readable {
  return Readable.from(chunksOf(result), { objectMode: false });
}

function* chunksOf(result: Record<string, unknown>): Generator<string> {
  let separator = '{';
  for (const [key, value] of Object.entries(result)) {
    if (value === undefined) continue;
    yield `${separator}${JSON.stringify(key)}:`;
    separator = ',';
    if (!Array.isArray(value)) {
      yield JSON.stringify(value);
      continue;
    }
    yield '[';
    for (const [i, item] of value.entries()) yield (i > 0 ? ',' : '') + JSON.stringify(item);
    yield ']';
  }
  yield separator === '{' ? '{}' : '}';
}
