import type { FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** What is written: one string, or pieces written in order (strings as UTF-8, bytes as they are). */
export type OutputData = string | Uint8Array | readonly (string | Uint8Array)[];

/** Writes a file's content piece by piece into the open temporary file (a large file need not be in memory). */
export type ContentWriter = (handle: FileHandle) => Promise<void>;

/** The file being replaced, as the caller opened and checked it (fstat). */
export interface ReplacedFile {
  mode: number;
  uid: number;
  gid: number;
  dev: number;
  ino: number;
}

export interface AtomicWriteOptions {
  /** mode of the file; when absent, a replaced file keeps its own mode and a new one gets 0666 minus umask */
  mode?: number;
  /** false: fail with EEXIST instead of replacing an existing file */
  replace?: boolean;
  /**
   * The file this write replaces, as the caller checked it: its mode (and owner, when run as root) are kept, and the
   * write is refused if PATH no longer names that file when it is about to be replaced.
   */
  replacing?: ReplacedFile;
}

/** A temporary file left by a write that was killed is taken over after this long without a change. */
const STALE_TEMP_MS = 60_000;

/**
 * Writes a sibling temporary file, flushes it, then renames it over PATH, so PATH is either untouched or complete;
 * on any failure the temporary file is removed. With replace: false the final step is link(), which refuses an
 * existing PATH atomically.
 *
 * The temporary file has a fixed name (`.NAME.wm-tmp`): one a killed run left behind is found by the next and
 * replaced once it has not changed for a minute; a fresher one is another process's write (refused). While it is
 * written it is readable by its owner only, and owned by the replaced file's owner when run as root: it holds the
 * content of a file that may be private. The mode is the final one just before the rename.
 */
export async function writeFileAtomic(
  path: string,
  data: OutputData | ContentWriter,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const replace = options.replace ?? true;
  const fs = await import('node:fs/promises');
  const temp = join(dirname(path), `.${basename(path)}.wm-tmp`);
  const replaced = replace ? (options.replacing ?? (await existing(path))) : undefined;
  const finalMode = options.mode ?? replaced?.mode;
  let handle: FileHandle | undefined;
  let created = false;
  try {
    handle = await openTemp(temp, replaced || options.mode !== undefined ? 0o600 : 0o666);
    created = true;
    if (replaced && process.getuid?.() === 0) await handle.chown(replaced.uid, replaced.gid);
    if (typeof data === 'function') await data(handle);
    else await fs.writeFile(handle, data, 'utf8');
    if (finalMode !== undefined) await handle.chmod(finalMode);
    await handle.sync();
    await handle.close();
    handle = undefined;
    if (options.replacing) await requireSameFile(path, options.replacing);
    if (replace) {
      await fs.rename(temp, path);
    } else {
      await fs.link(temp, path);
      await fs.unlink(temp);
    }
  } catch (error) {
    await handle?.close().catch(() => undefined);
    if (created) await fs.unlink(temp).catch(() => undefined);
    throw error;
  }
}

async function existing(path: string): Promise<ReplacedFile | undefined> {
  const { stat } = await import('node:fs/promises');
  try {
    const found = await stat(path);
    return { mode: found.mode & 0o7777, uid: found.uid, gid: found.gid, dev: found.dev, ino: found.ino };
  } catch {
    return undefined;
  }
}

/** Creates the temporary file (never through a link), taking over a stale one that a killed run left. */
async function openTemp(temp: string, mode: number): Promise<FileHandle> {
  const { constants, lstat, open, unlink } = await import('node:fs/promises');
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  try {
    return await open(temp, flags, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const left = await lstat(temp);
    if (Date.now() - left.mtimeMs < STALE_TEMP_MS) {
      throw Object.assign(new Error(`another process is writing ${temp} (retry in a minute if none is)`), {
        code: 'EBUSY',
      });
    }
    await unlink(temp);
    return open(temp, flags, mode);
  }
}

/** Refuses to replace PATH when it no longer names the file the caller checked (swapped for a link or another). */
async function requireSameFile(path: string, expected: ReplacedFile): Promise<void> {
  const { lstat } = await import('node:fs/promises');
  const now = await lstat(path);
  if (!now.isFile() || now.dev !== expected.dev || now.ino !== expected.ino) {
    throw Object.assign(new Error(`${path} changed while it was being rewritten: left as it is`), { code: 'ECHANGED' });
  }
}
