import { mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ioFailure } from '../codec/io.js';

/**
 * The folder the copies of one issue are written to, all or nothing: it is made (or found, and checked writable)
 * before anything is issued, the copies are written into a staging folder inside it and moved into place only when
 * every one is written, and a failure leaves the folder as it was (a folder made for the issue is removed again).
 */
export interface CopiesFolder {
  /** writes every file (`wrote` after each), then moves them into the folder; the paths written */
  write(files: readonly { name: string; text: string }[], wrote?: () => void): Promise<string[]>;
  /** removes what this issue made: the staging folder, and the folder itself when the issue created it */
  discard(): Promise<void>;
}

export async function prepareCopiesFolder(folder: string): Promise<CopiesFolder> {
  let created: string | undefined;
  try {
    const found = await stat(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (found && !found.isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
    if (!found) created = await mkdir(folder, { recursive: true });
  } catch (error) {
    throw ioFailure('create', folder, error);
  }
  let staging: string;
  try {
    staging = await mkdtemp(join(folder, '.wm-copies-'));
  } catch (error) {
    if (created) await rm(created, { recursive: true, force: true });
    throw ioFailure('write to', folder, error);
  }
  const discard = async () => {
    await rm(created ?? staging, { recursive: true, force: true });
  };
  return {
    discard,
    async write(files, wrote) {
      let path = staging;
      try {
        for (const file of files) {
          path = join(staging, file.name);
          await writeFile(path, file.text, { flag: 'wx' });
          wrote?.();
        }
        const written = files.map((file) => join(folder, file.name));
        for (const [i, file] of files.entries()) {
          path = written[i];
          await rename(join(staging, file.name), written[i]);
        }
        await rm(staging, { recursive: true, force: true });
        return written;
      } catch (error) {
        await discard();
        throw ioFailure('write', path, error);
      }
    },
  };
}
