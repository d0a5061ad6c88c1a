import { join } from 'node:path';

/** The data folder's lock file (src/store/sqlite/folder-lock.ts says how it is held). */
export const LOCK_FILE = 'wm.lock';

/**
 * Who holds the data folder: `server` (wm serve; several may share it) or `maintenance` (wm db restore and
 * rotate-master-key, which replace what a running server reads and so need the folder to themselves).
 */
export type FolderHolder = 'server' | 'maintenance';

export interface DataFolderLock {
  release(): void;
}

/** Another process holds the data folder's lock: an I/O failure (code EBUSY), like a locked database. */
export class DataFolderBusyError extends Error {
  override readonly name = 'DataFolderBusyError';
  readonly code = 'EBUSY';
}

/** Takes the lock of the data folder `home` (which must exist) for `holder`, or refuses at once. */
export async function lockDataFolder(home: string, holder: FolderHolder): Promise<DataFolderLock> {
  const file = join(home, LOCK_FILE);
  const { acquireFolderLock } = await import('./sqlite/folder-lock.js');
  const lock = acquireFolderLock(file, holder === 'server' ? 'shared' : 'exclusive');
  if (lock) return lock;
  throw new DataFolderBusyError(
    holder === 'server'
      ? `the data folder ${home} is being restored or its master key rotated (the process doing it holds ${file}); ` +
          'start wm serve when it has finished'
      : `a wm serve (or a restore or key rotation) is using the data folder ${home} (it holds ${file}); stop it first`,
  );
}
