import { closeSync, constants, existsSync, fstatSync, openSync, type Stats } from 'node:fs';
import { realpath, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { countCodePoints } from 'wm-watermark-codec/scan';
import { strip } from 'wm-watermark-codec/strip';
import { writeFileAtomic } from './atomic-write.js';
import { encodeText, isValidText, type TextEncoding } from './encoding.js';
import type { StripReport } from './report-types.js';
import { readWindows, windowBufferBytes, type WindowSizes } from './windows.js';

/** Thrown inside a pass when a window's bytes are not exactly text: the file is left as it was. */
class NotText extends Error {}

export interface StripFileOptions {
  all: boolean;
  dryRun: boolean;
  /** symbolic links are followed (--follow), or this path was named on the command line (links are followed) */
  followLinks: boolean;
  windows?: WindowSizes;
}

/**
 * Where a file is opened and replaced: through its folder's open handle where the system offers one
 * (/proc/self/fd on Linux), so that the file read, checked and replaced is the one in the folder the walk went
 * through even if a name on the way is swapped meanwhile; elsewhere through the path.
 */
function placeOf(path: string): { at: (name: string) => string; close: () => void } {
  const folder = dirname(path);
  if (!existsSync('/proc/self/fd')) return { at: (name) => join(folder, name), close: () => undefined };
  const fd = openSync(folder, constants.O_RDONLY | constants.O_DIRECTORY);
  return { at: (name) => `/proc/self/fd/${fd}/${name}`, close: () => closeSync(fd) };
}

/**
 * Removes the hidden marks of one file, as `wm strip` removes them (packages/codec/src/strip.ts: C2PA manifests stay
 * unless `all`), window by window, so a file of any size takes the same memory. One pass counts what would go; only
 * when something goes does a second pass write the file: atomically (a sibling temporary file readable by the owner
 * only, flushed, given the file's mode, renamed over it), keeping its mode, owner, line ends and encoding (a byte order
 * mark included). Unless links are followed, the file is opened without following one: a file the walk saw that is a
 * link by now (swapped in meanwhile) is left alone, and so is one replaced before the rename. A path through a followed
 * link rewrites the file it points to, so the link stays a link.
 */
export async function stripFile(
  path: string,
  encoding: TextEncoding,
  c2pa: number,
  options: StripFileOptions,
): Promise<StripReport> {
  const kept = !options.all && c2pa > 0 ? { kept_c2pa: c2pa } : {};
  const target = options.followLinks ? await realpath(path) : path;
  const place = placeOf(target);
  let fd: number | undefined;
  try {
    const file = place.at(basename(target));
    try {
      const noFollow = options.followLinks ? 0 : constants.O_NOFOLLOW;
      fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | noFollow);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOOP') throw error;
      return { removed: 0, written: false, ...kept, skipped: 'a symbolic link now: left as it is (see --follow)' };
    }
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { removed: 0, written: false, ...kept, skipped: 'not a file any more' };
    let removed: number;
    try {
      removed = await stripPass(fd, stats.size, encoding, options);
    } catch (error) {
      if (!(error instanceof NotText)) throw error;
      return { removed: 0, written: false, ...kept, skipped: `not valid ${encoding} text: left as it was` };
    }
    if (removed === 0 || options.dryRun) return { removed, written: false, ...kept };
    const input = fd;
    await writeFileAtomic(file, async (out) => void (await stripPass(input, stats.size, encoding, options, out)), {
      replacing: replacedFileOf(stats),
    });
    return { removed, written: true, ...kept };
  } finally {
    if (fd !== undefined) closeSync(fd);
    place.close();
  }
}

const replacedFileOf = (stats: Stats) => ({
  mode: stats.mode & 0o7777,
  uid: stats.uid,
  gid: stats.gid,
  dev: stats.dev,
  ino: stats.ino,
});

/** One pass over the open file: the hidden code points removed, and, given `out`, the stripped file written to it. */
async function stripPass(
  fd: number,
  size: number,
  encoding: TextEncoding,
  { all, windows }: { all: boolean; windows?: WindowSizes },
  out?: FileHandle,
): Promise<number> {
  let removed = 0;
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
  return removed;
}

/** The whole of `bytes`, however many writes it takes. */
async function writeAll(out: FileHandle, bytes: Uint8Array): Promise<void> {
  for (let written = 0; written < bytes.length;) {
    written += (await out.write(bytes, written, bytes.length - written)).bytesWritten;
  }
}
