import { readFileSync } from 'node:fs';
import { type OutputData, writeFileAtomic } from 'wm-watermark-scan/atomic-write';
import { reasonOf } from 'wm-watermark-scan/error-reason';
import { CliError, EXIT } from '../errors.js';
import { writeStdoutBytes } from '../stdout.js';

/** Like git: a NUL byte this early means a binary file (or UTF-16 text, whose ASCII is full of NULs). */
const BINARY_SNIFF_BYTES = 8000;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** No FILE, or "-", means the standard stream. */
const isStandardStream = (file: string | undefined): boolean => file === undefined || file === '-';

export { reasonOf };

export const ioFailure = (action: string, path: string, error: unknown): CliError =>
  new CliError(EXIT.IO, `cannot ${action} ${path}: ${reasonOf(error)}`);

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // one concat at the end: no quadratic growth for large inputs
  return Buffer.concat(chunks);
}

// node:fs/promises (and node:crypto) are imported where used, not at the top: loading them would weigh on the
// start of every command (docs/PERFORMANCE.md), and only -o writes need them. The read is synchronous: a command
// reads one file and has nothing to do meanwhile, and an asynchronous read starts libuv's thread pool first.

/** The raw bytes of FILE, or of stdin when FILE is absent or "-". */
export async function readInputBytes(file: string | undefined): Promise<Buffer> {
  if (isStandardStream(file)) return readStdin();
  try {
    return readFileSync(file as string);
  } catch (error) {
    throw ioFailure('read', file as string, error);
  }
}

/** Decodes UTF-8 exactly once, keeping a byte-order mark so the output stays byte-identical. */
export function decodeUtf8Text(bytes: Uint8Array, source: string): string {
  if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) {
    throw new CliError(EXIT.USAGE, `${source} looks binary (it contains NUL bytes); wm reads UTF-8 text only`);
  }
  try {
    return utf8.decode(bytes);
  } catch {
    throw new CliError(EXIT.USAGE, `${source} is not valid UTF-8 text`);
  }
}

export const describeSource = (file: string | undefined): string =>
  isStandardStream(file) ? 'standard input' : (file as string);

/** The text of FILE (or stdin), validated as UTF-8. */
export async function readInputText(file: string | undefined): Promise<string> {
  return decodeUtf8Text(await readInputBytes(file), describeSource(file));
}

async function writeStdout(data: string | Uint8Array): Promise<void> {
  try {
    await writeStdoutBytes(typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'EPIPE' ? new Error('the reader closed the pipe') : error;
    throw ioFailure('write', 'standard output', reason);
  }
}

export {
  writeFileAtomic,
  type AtomicWriteOptions,
  type ContentWriter,
  type OutputData,
  type ReplacedFile,
} from 'wm-watermark-scan/atomic-write';

/** Writes DATA exactly as given: to FILE atomically, or to stdout. */
export async function writeOutput(data: OutputData, file: string | undefined): Promise<void> {
  if (isStandardStream(file)) {
    if (typeof data === 'string' || data instanceof Uint8Array) return writeStdout(data);
    for (const piece of data) await writeStdout(piece);
    return;
  }
  try {
    await writeFileAtomic(file as string, data);
  } catch (error) {
    throw ioFailure('write', file as string, error);
  }
}

/** A remark beside the result (a warning, what was kept): one line on stderr, like an error's, so stdout stays data. */
export function writeNotice(message: string): void {
  process.stderr.write(`wm: ${message}\n`);
}

/** The codec's warnings (a C2PA manifest whose binding the marks change): on stderr, whether or not --json has them. */
export function writeWarnings(warnings: readonly string[] | undefined): void {
  for (const warning of warnings ?? []) writeNotice(`warning: ${warning}`);
}
