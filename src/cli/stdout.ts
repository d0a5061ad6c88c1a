// Standard output for the codec commands' results. Node makes `process.stdout` on first use, and making it loads the
// stream modules (a pipe's also `net`): a fifth of what a decode adds to Node's own start (docs/PERFORMANCE.md, cold
// start). When fd 1 is a file, a pipe, a socket or /dev/null, a result is written to it directly, as Node's stream
// for a file does; a terminal, or a pipe that is full and non-blocking (EAGAIN), goes through the stream from then
// on, so that bytes keep their order.
import { fstatSync, statSync, writeSync, type Stats } from 'node:fs';

const STDOUT = 1;
let streamMade = false;
let direct: boolean | undefined;

const ignoreClosedPipe = (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
};

/**
 * From the first use of `process.stdout`, by anyone (commander's help, a command's output), a reader that stops early
 * (`wm --help | head`) is no crash: the stream's EPIPE is ignored. A command's own writes report it (io.ts).
 */
export function watchStdout(): void {
  const made = Object.getOwnPropertyDescriptor(process, 'stdout');
  const make = made?.get?.bind(process);
  if (!made?.configurable || !make) {
    useStream().on('error', ignoreClosedPipe);
    return;
  }
  Object.defineProperty(process, 'stdout', {
    configurable: true,
    enumerable: made.enumerable,
    get() {
      Object.defineProperty(process, 'stdout', made);
      streamMade = true;
      return (make() as NodeJS.WriteStream).on('error', ignoreClosedPipe);
    },
  });
}

function useStream(): NodeJS.WriteStream {
  streamMade = true;
  return process.stdout;
}

/** `wm decode FILE > /dev/null`: a script that wants only the exit code. */
const isNullDevice = (stat: Stats): boolean => {
  if (!stat.isCharacterDevice() || process.platform === 'win32') return false;
  const nul = statSync('/dev/null', { throwIfNoEntry: false });
  return nul !== undefined && nul.isCharacterDevice() && nul.rdev === stat.rdev;
};

function writesDirect(): boolean {
  if (streamMade) return false;
  if (direct === undefined) {
    try {
      const stat = fstatSync(STDOUT);
      direct = stat.isFile() || stat.isFIFO() || stat.isSocket() || isNullDevice(stat);
    } catch {
      direct = false;
    }
  }
  return direct;
}

/** Whether stdout is a terminal; asked without making the stream of a file, a pipe or a socket. */
export const stdoutIsTerminal = (): boolean => !writesDirect() && useStream().isTTY === true;

/** Writes what it can of BYTES straight to fd 1; returns how many: fewer once the stream has to take the rest. */
function writeDirect(bytes: Uint8Array): number {
  let at = 0;
  while (writesDirect() && at < bytes.length) {
    try {
      at += writeSync(STDOUT, bytes, at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
      direct = false;
    }
  }
  return at;
}

/** Writes BYTES; resolves when they are written, rejects with the write's error (EPIPE when the reader left). */
export async function writeStdoutBytes(bytes: Uint8Array): Promise<void> {
  const written = writeDirect(bytes);
  if (written < bytes.length) await writeToStream(bytes.subarray(written));
}

/** commander's output (help, the version): written at once, and a reader that left is no failure. */
export function writeStdoutText(text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  try {
    const written = writeDirect(bytes);
    if (written < bytes.length) useStream().write(bytes.subarray(written));
  } catch (error) {
    ignoreClosedPipe(error as NodeJS.ErrnoException);
  }
}

function writeToStream(bytes: Uint8Array): Promise<void> {
  const stream = useStream();
  return new Promise((resolve, reject) => {
    // a failed write is reported to the callback and then as an 'error' event, which must not go unheard
    stream.once('error', reject);
    stream.write(bytes, (error) => {
      if (error) return reject(error);
      stream.off('error', reject);
      resolve();
    });
  });
}
