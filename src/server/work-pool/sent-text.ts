/**
 * A long text of a job's input crosses to a worker as bytes, moved rather than copied: structured clone writes a
 * megabyte of text into a growing buffer in the main thread and makes it again as one of V8's large objects in the
 * worker, most of it fresh pages; as bytes it is a copy on each side into memory already there, and from about a
 * megabyte of bytes the worker's string is an external one, outside V8's heap (Node makes those from a buffer that
 * long). A text whose every UTF-16 unit fits in a byte (Latin-1: ASCII prose, most European text) crosses as one
 * byte a unit, any other as its UTF-16 units (docs/PERFORMANCE.md, "Work off the event loop"). Shorter texts cross
 * as they are: structured clone costs them no more.
 */
const SENT_AS_BYTES_FROM_UNITS = 131_072;

type SentEncoding = 'latin1' | 'utf16le';

/** Fields of the input sent as bytes, taken out of it. */
export type SentTexts = Record<string, { bytes: Uint8Array; encoding: SentEncoding }>;

const BEYOND_LATIN1 = /[^\u0000-\u00ff]/;

/** How a text crosses as bytes, or undefined: as it is. */
function encodingOf(text: string): SentEncoding | undefined {
  if (text.length < SENT_AS_BYTES_FROM_UNITS) return undefined;
  return BEYOND_LATIN1.test(text) ? 'utf16le' : 'latin1';
}

/** Buffers the workers gave back, kept to be written again: their pages are already there (fresh ones are dear). */
const spare: ArrayBuffer[] = [];
const MAX_SPARE = 8;
/** At most this many bytes kept: a server whose body limit was raised to gigabytes does not hold eight of them. */
const MAX_SPARE_BYTES = 32 * 1024 * 1024;
let spareBytes = 0;

/** In the main thread: the input with its long texts taken out as bytes, and what to transfer. */
export function sendTexts<Input>(input: Input): { input: Input; texts?: SentTexts; transfer: ArrayBuffer[] } {
  let texts: SentTexts | undefined;
  let sent: Record<string, unknown> | undefined;
  for (const [field, value] of Object.entries(input as Record<string, unknown>)) {
    const encoding = typeof value === 'string' ? encodingOf(value) : undefined;
    if (!encoding) continue;
    sent ??= { ...(input as Record<string, unknown>) };
    delete sent[field];
    const length = Buffer.byteLength(value as string, encoding);
    const buffer = bufferOf(length);
    Buffer.from(buffer).write(value as string, encoding);
    (texts ??= {})[field] = { bytes: new Uint8Array(buffer, 0, length), encoding };
  }
  if (!texts) return { input, transfer: [] };
  return { input: sent as Input, texts, transfer: buffersOf(texts) };
}

const buffersOf = (texts: SentTexts) => Object.values(texts).map(({ bytes }) => bytes.buffer as ArrayBuffer);

/** A spare buffer of at least `bytes` and at most twice as many, or a new one. */
function bufferOf(bytes: number): ArrayBuffer {
  const fit = spare.findIndex((buffer) => buffer.byteLength >= bytes && buffer.byteLength <= 2 * bytes);
  if (fit < 0) return new ArrayBuffer(bytes);
  const [buffer] = spare.splice(fit, 1);
  spareBytes -= buffer.byteLength;
  return buffer;
}

/** In the main thread: the buffers of texts a worker has read, given back. */
export function keepSpare(buffers: ArrayBuffer[]): void {
  for (const buffer of buffers) {
    if (spare.length === MAX_SPARE || spareBytes + buffer.byteLength > MAX_SPARE_BYTES) continue;
    spare.push(buffer);
    spareBytes += buffer.byteLength;
  }
}

/** In the worker: the input as it was sent, and the buffers it came in, to give back. */
export function receiveTexts<Input>(input: Input, texts: SentTexts | undefined): { input: Input; read: ArrayBuffer[] } {
  if (!texts) return { input, read: [] };
  const received = { ...input } as Record<string, unknown>;
  for (const [field, { bytes, encoding }] of Object.entries(texts)) {
    received[field] = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString(encoding);
  }
  return { input: received as Input, read: buffersOf(texts) };
}
