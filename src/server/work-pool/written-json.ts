import { encodeInsertions } from 'wm-watermark-codec/encode';
import { encodeRobustInto } from 'wm-watermark-codec/robust';
import type { JobInput, JobName, JobResult } from '../../domain/work/jobs.js';
import { JsonStringBytes } from './json-string-bytes.js';

/**
 * The marked text of an encode crosses back from a worker as its JSON's UTF-8 bytes (transferred, not copied), and
 * the answer's writer (../json-stream.ts) writes those bytes: no thread ever makes the string. A string of more than
 * 128 KiB is one of V8's large objects, made in fresh pages: receiving one cost the event loop as much as the encode
 * itself cost its worker, and making one was most of the encode's own cost, in a way two threads do not share well
 * (docs/PERFORMANCE.md, "Work off the event loop"). Anything else that reads the field gets the string, made when
 * first read.
 */
const WRITTEN_JOBS: { [N in JobName]?: (input: JobInput<N>) => Written<N> | undefined } = {
  encode: ({ text, secret, options }) => {
    if ((options.output ?? 'full') !== 'full') return undefined;
    const { insertions, ...value } = encodeInsertions(text, secret, options);
    const json = new JsonStringBytes(insertions.reduce((units, { marks }) => units + marks.length, text.length));
    let copied = 0;
    for (const { index, marks } of insertions) {
      json.appendSlice(text, copied, index);
      json.append(marks);
      copied = index;
    }
    json.appendSlice(text, copied, text.length);
    return { value, field: 'encoded', json: json.finish() };
  },
  'encode-robust': ({ text, secret, options }) => {
    const { sink, result } = encodeRobustInto(text, secret, options, (units) => new JsonStringBytes(units));
    return { value: result, field: 'watermarked', json: sink.finish() };
  },
};

interface Written<N extends JobName> {
  /** the job's result without its long field */
  value: object;
  field: keyof JobResult<N>;
  json: Uint8Array;
}

/** Shorter texts cross as strings: below a large object, a copy costs less than its JSON. */
const WRITTEN_FROM_UNITS = 32_768;

const WRITTEN = Symbol('the JSON of fields, written by a worker');

type WrittenFields = Map<string, Uint8Array>;

/**
 * In the worker: the job run with its long text field written as JSON bytes, with what to transfer; undefined for a
 * job (or an input) that is run as it is.
 */
export function runWritten<N extends JobName>(job: N, input: JobInput<N>) {
  const text = (input as { text?: unknown }).text;
  if (typeof text !== 'string' || text.length < WRITTEN_FROM_UNITS) return undefined;
  const written = WRITTEN_JOBS[job]?.(input);
  if (!written) return undefined;
  const { value, field, json } = written;
  return { value, written: { [field]: json }, transfer: [json.buffer] };
}

/**
 * In the main thread: each written field becomes a property of the result again, read as the string it was (parsed
 * from its JSON when first read), while its bytes stay for the answer's writer until the field is set to another
 * value. A copy of the object (`{ ...result }`) holds the string, not the bytes.
 */
export function receiveWritten(result: object, written: Record<string, Uint8Array>): void {
  const bytes: WrittenFields = new Map(Object.entries(written));
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
  return (object as { [WRITTEN]?: WrittenFields })[WRITTEN]?.get(field);
}

/** Whether an object holds a field whose JSON a worker wrote: its answer is written with those bytes. */
export function holdsWrittenJson(object: unknown): boolean {
  return (
    typeof object === 'object' && object !== null && ((object as { [WRITTEN]?: WrittenFields })[WRITTEN]?.size ?? 0) > 0
  );
}
