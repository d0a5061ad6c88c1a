import type { JobName, JobResult } from '../../domain/work/jobs.js';
import { stringJsonPieces } from '../json-pieces.js';

/**
 * The marked text of an encode crosses back from a worker as its JSON's UTF-8 bytes (transferred, not copied), and
 * the answer's writer (../json-stream.ts) writes those bytes: the main thread never makes the string. A string of
 * more than 128 KiB is one of V8's large objects, made in fresh pages, and receiving one cost the event loop as much
 * as the encode itself cost its worker, so two workers could not give twice one's throughput (docs/PERFORMANCE.md,
 * "Work off the event loop"). Anything else that reads the field gets the string, made when first read.
 */
const WRITTEN_FIELD: Partial<Record<JobName, string>> = {
  encode: 'encoded',
  'encode-robust': 'watermarked',
} satisfies { [N in JobName]?: keyof JobResult<N> };

/** Shorter strings cross as strings: below a large object, a copy costs less than its JSON. */
const WRITTEN_FROM_UNITS = 32_768;

const WRITTEN = Symbol('the JSON of fields, written by a worker');

type Written = Map<string, Uint8Array>;

/** In the worker: the job's long field as JSON bytes, taken out of its result, with what to transfer. */
export function writtenFields(job: JobName, result: unknown) {
  const field = WRITTEN_FIELD[job];
  if (field === undefined || typeof result !== 'object' || result === null) return undefined;
  const text: unknown = (result as Record<string, unknown>)[field];
  if (typeof text !== 'string' || text.length < WRITTEN_FROM_UNITS) return undefined;
  delete (result as Record<string, unknown>)[field];
  const json = jsonBytesOf(text);
  return { written: { [field]: json }, transfer: [json.buffer] };
}

/**
 * JSON.stringify's UTF-8 bytes of a long string, in an ArrayBuffer of their own, written a piece at a time: the JSON
 * as one string would be a large object more (docs/PERFORMANCE.md).
 */
function jsonBytesOf(text: string): Uint8Array {
  const pieces = [...stringJsonPieces(text, WRITTEN_FROM_UNITS)];
  const bytes = Buffer.allocUnsafeSlow(pieces.reduce((sum, piece) => sum + Buffer.byteLength(piece), 0));
  let at = 0;
  for (const piece of pieces) at += bytes.write(piece, at);
  return new Uint8Array(bytes.buffer, 0, at);
}

/**
 * In the main thread: each written field becomes a property of the result again, read as the string it was (parsed
 * from its JSON when first read), while its bytes stay for the answer's writer until the field is set to another
 * value. A copy of the object (`{ ...result }`) holds the string, not the bytes.
 */
export function receiveWritten(result: object, written: Record<string, Uint8Array>): void {
  const bytes: Written = new Map(Object.entries(written));
  Object.defineProperty(result, WRITTEN, { value: bytes });
  for (const [field, json] of bytes) {
    let text: string | undefined;
    Object.defineProperty(result, field, {
      enumerable: true,
      configurable: true,
      get: () => (text ??= JSON.parse(Buffer.from(json.buffer, json.byteOffset, json.length).toString()) as string),
      set: (value: unknown) => {
        bytes.delete(field);
        Object.defineProperty(result, field, { value, enumerable: true, configurable: true, writable: true });
      },
    });
  }
}

/** The JSON a worker wrote of an object's field, if it still holds it. */
export function writtenJsonOf(object: object, field: string): Uint8Array | undefined {
  return (object as { [WRITTEN]?: Written })[WRITTEN]?.get(field);
}

/** Whether an object holds a field whose JSON a worker wrote: its answer is written with those bytes. */
export function holdsWrittenJson(object: unknown): boolean {
  return typeof object === 'object' && object !== null && ((object as { [WRITTEN]?: Written })[WRITTEN]?.size ?? 0) > 0;
}
