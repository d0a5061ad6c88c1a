/**
 * A long text of a job's input crosses to a worker as bytes, moved rather than copied, when each of its UTF-16 units
 * fits in one (Latin-1: ASCII prose, most European text): structured clone writes a megabyte of text into a growing
 * buffer in the main thread and makes it again as one of V8's large objects in the worker, 7 and 12–16 ms here, most
 * of it fresh pages; as bytes it is a copy on each side, and from about a megabyte the worker's string is an
 * external one, outside V8's heap (docs/PERFORMANCE.md, "Work off the event loop"). Other texts cross as they are.
 */
const SENT_AS_BYTES_FROM_UNITS = 131_072;

/** Fields of the input sent as Latin-1 bytes, taken out of it. */
export type SentTexts = Record<string, Uint8Array>;

const BEYOND_LATIN1 = /[^\u0000-\u00ff]/;

/** Buffers the workers gave back, kept to be written again: their pages are already there (fresh ones are dear). */
const spare: ArrayBuffer[] = [];
const MAX_SPARE = 8;

/** In the main thread: the input with its long Latin-1 texts taken out as bytes, and what to transfer. */
export function sendTexts<Input>(input: Input): { input: Input; texts?: SentTexts; transfer: ArrayBuffer[] } {
  let texts: SentTexts | undefined;
  let sent: Record<string, unknown> | undefined;
  for (const [field, value] of Object.entries(input as Record<string, unknown>)) {
    if (typeof value !== 'string' || value.length < SENT_AS_BYTES_FROM_UNITS || BEYOND_LATIN1.test(value)) continue;
    sent ??= { ...(input as Record<string, unknown>) };
    delete sent[field];
    const buffer = bufferOf(value.length);
    Buffer.from(buffer).write(value, 'latin1');
    (texts ??= {})[field] = new Uint8Array(buffer, 0, value.length);
  }
  if (!texts) return { input, transfer: [] };
  return { input: sent as Input, texts, transfer: Object.values(texts).map((bytes) => bytes.buffer as ArrayBuffer) };
}

/** A spare buffer of at least `bytes` and at most twice as many, or a new one. */
function bufferOf(bytes: number): ArrayBuffer {
  const fit = spare.findIndex((buffer) => buffer.byteLength >= bytes && buffer.byteLength <= 2 * bytes);
  return fit >= 0 ? spare.splice(fit, 1)[0] : new ArrayBuffer(bytes);
}

/** In the main thread: the buffers of texts a worker has read, given back. */
export function keepSpare(buffers: ArrayBuffer[]): void {
  for (const buffer of buffers) if (spare.length < MAX_SPARE) spare.push(buffer);
}

/** In the worker: the input as it was sent, and the buffers it came in, to give back. */
export function receiveTexts<Input>(input: Input, texts: SentTexts | undefined): { input: Input; read: ArrayBuffer[] } {
  if (!texts) return { input, read: [] };
  const received = { ...input } as Record<string, unknown>;
  for (const [field, bytes] of Object.entries(texts)) {
    received[field] = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');
  }
  return { input: received as Input, read: Object.values(texts).map((bytes) => bytes.buffer as ArrayBuffer) };
}
