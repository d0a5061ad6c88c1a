import { closeSync, fstatSync, openSync } from 'node:fs';
import { realpath, type FileHandle } from 'node:fs/promises';
import { countCodePoints } from '../../codec/scan.js';
import { strip } from '../../codec/strip.js';
import { writeFileAtomic } from '../codec/io.js';
import { encodeText, isValidText, type TextEncoding } from './encoding.js';
import type { StripReport } from './report-types.js';
import { readWindows, windowBufferBytes, type WindowSizes } from './windows.js';

/** Thrown inside a pass when a window's bytes are not exactly text: the file is left as it was. */
class NotText extends Error {}

/**
 * Removes the hidden marks of one file, as `wm strip` removes them (src/codec/strip.ts: C2PA manifests stay unless
 * `all`), window by window, so a file of any size takes the same memory. One pass counts what would go; only when
 * something goes does a second pass write the file: atomically (a sibling temporary file, flushed, renamed over
 * it), keeping its mode, line ends and encoding (a byte order mark included). A path through a symbolic link
 * rewrites the file it points to, so the link stays a link.
 */
export async function stripFile(
  path: string,
  encoding: TextEncoding,
  c2pa: number,
  options: { all: boolean; dryRun: boolean; windows?: WindowSizes },
): Promise<StripReport> {
  const kept = !options.all && c2pa > 0 ? { kept_c2pa: c2pa } : {};
  let removed: number;
  try {
    removed = await stripPass(path, encoding, options);
  } catch (error) {
    if (!(error instanceof NotText)) throw error;
    return { removed: 0, written: false, ...kept, skipped: `not valid ${encoding} text: left as it was` };
  }
  if (removed === 0 || options.dryRun) return { removed, written: false, ...kept };
  const target = await realpath(path);
  await writeFileAtomic(target, async (out) => void (await stripPass(target, encoding, options, out)));
  return { removed, written: true, ...kept };
}

/** One pass over the file: the hidden code points removed, and, given `out`, the stripped file written to it. */
async function stripPass(
  path: string,
  encoding: TextEncoding,
  { all, windows }: { all: boolean; windows?: WindowSizes },
  out?: FileHandle,
): Promise<number> {
  const fd = openSync(path, 'r');
  let removed = 0;
  try {
    const { size } = fstatSync(fd);
    const read = { buffer: Buffer.allocUnsafe(windowBufferBytes(size, windows)), bytesRead: -1 };
    for (const window of readWindows(fd, size, encoding, read, windows)) {
      if (window.text === null) {
        if (out) await writeAll(out, window.ownBytes);
        continue;
      }
      if (!isValidText(window.ownBytes, encoding)) throw new NotText();
      const own = window.text.slice(0, window.ownLength);
      const stripped = strip(own, { all });
      removed += countCodePoints(own) - countCodePoints(stripped);
      if (out) await writeAll(out, stripped === own ? window.ownBytes : encodeText(stripped, encoding));
    }
  } finally {
    closeSync(fd);
  }
  return removed;
}

/** The whole of `bytes`, however many writes it takes. */
async function writeAll(out: FileHandle, bytes: Uint8Array): Promise<void> {
  for (let written = 0; written < bytes.length;) {
    written += (await out.write(bytes, written, bytes.length - written)).bytesWritten;
  }
}
