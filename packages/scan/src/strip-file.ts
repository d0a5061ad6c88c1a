import { closeSync, constants, existsSync, fstatSync, openSync, type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { countCodePoints } from 'wm-watermark-codec/scan';
import { strip } from 'wm-watermark-codec/strip';
import { writeFileAtomic } from './atomic-write.js';
import { encodeText, isValidText, type TextEncoding } from './encoding.js';
import type { StripReport } from './report-types.js';
import { readWindows, windowBufferBytes, type WindowSizes } from './windows.js';
import { namedFile, realFolderOf, withinScope, type WriteScope } from './write-scope.js';

/** Thrown inside a pass when a window's bytes are not exactly text: the file is left as it was. */
class NotText extends Error {}

export interface StripFileOptions {
  all: boolean;
  dryRun: boolean;
  /** the paths named on the command line: nothing outside them is written (write-scope.ts) */
  scope: WriteScope;
  windows?: WindowSizes;
}

/**
 * Where a file is opened and replaced: through its folder's open handle where the system offers one
 * (/proc/self/fd on Linux), so that the folder checked to lie within the scope is the one written in, even if a name
 * on the way is swapped for a link meanwhile; elsewhere through the path (checked, then used: a race remains).
 */
function placeOf(folder: string): { at: (name: string) => string; real: string; close: () => void } {
  if (!existsSync('/proc/self/fd')) {
    return { at: (name) => join(folder, name), real: realFolderOf(folder, folder), close: () => undefined };
  }
  const fd = openSync(folder, constants.O_RDONLY | constants.O_DIRECTORY);
  const handle = `/proc/self/fd/${fd}`;
  try {
    return { at: (name) => `${handle}/${name}`, real: realFolderOf(handle, folder), close: () => closeSync(fd) };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** Why a file with marks is read and reported but never rewritten. */
export const LEFT_AS_IT_IS = {
  outside: 'reached through a symbolic link, outside the paths named: read, not rewritten',
  link: 'a symbolic link: read, not rewritten (only a link named on the command line is followed)',
} as const;

/**
 * Removes the hidden marks of one file, as `wm strip` removes them (packages/codec/src/strip.ts: C2PA manifests stay
 * unless `all`), window by window, so a file of any size takes the same memory. One pass counts what would go; only
 * when something goes does a second pass write the file: atomically (a sibling temporary file readable by the owner
 * only, flushed, given the file's mode, renamed over it), keeping its mode, owner, line ends and encoding (a byte order
 * mark included).
 *
 * Nothing outside the paths named on the command line is ever written (docs/SECURITY.md, round four): the file's
 * folder is opened, its real path checked against the scope, and the file opened in it without following a link
 * and replaced through the same handle. So a link inside the tree (followed by the walk with --follow, or swapped in
 * after the walk saw a file or folder) is read and reported, never written through; a link named on the command line
 * rewrites the file it pointed to when the scan started, and the link stays a link. A rename gives the file a new
 * inode: its other hard links, wherever they are, keep the old content (counted in `other_links`).
 */
export async function stripFile(
  path: string,
  encoding: TextEncoding,
  c2pa: number,
  options: StripFileOptions,
): Promise<StripReport> {
  const kept = !options.all && c2pa > 0 ? { kept_c2pa: c2pa } : {};
  const target = namedFile(options.scope, path)?.real ?? path;
  const place = placeOf(dirname(target));
  let fd: number | undefined;
  try {
    if (!withinScope(options.scope, place.real, basename(target))) {
      return { removed: 0, written: false, ...kept, skipped: LEFT_AS_IT_IS.outside };
    }
    const file = place.at(basename(target));
    try {
      fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOOP') throw error;
      return { removed: 0, written: false, ...kept, skipped: LEFT_AS_IT_IS.link };
    }
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { removed: 0, written: false, ...kept, skipped: 'not a file any more' };
    const links = stats.nlink > 1 ? { other_links: stats.nlink - 1 } : {};
    let removed: number;
    try {
      removed = await stripPass(fd, stats.size, encoding, options);
    } catch (error) {
      if (!(error instanceof NotText)) throw error;
      return { removed: 0, written: false, ...kept, skipped: `not valid ${encoding} text: left as it was` };
    }
    if (removed === 0 || options.dryRun) return { removed, written: false, ...kept, ...links };
    const input = fd;
    await writeFileAtomic(file, async (out) => void (await stripPass(input, stats.size, encoding, options, out)), {
      replacing: replacedFileOf(stats),
    });
    return { removed, written: true, ...kept, ...links };
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
