import { closeSync, openSync } from 'node:fs';
import { SqliteDriver } from './driver.js';

export type FolderLockMode = 'shared' | 'exclusive';

/**
 * Takes the data folder's lock: an empty SQLite database whose lock is held by an open transaction (a read for
 * `shared`, BEGIN EXCLUSIVE for `exclusive`) until `release`. SQLite's file locks are the operating system's, so a
 * process that ends in any way (a crash, kill -9) lets go of its lock, and connections of one process see each
 * other's. Undefined when another holder's lock conflicts (no waiting).
 */
export function acquireFolderLock(file: string, mode: FolderLockMode): { release(): void } | undefined {
  closeSync(openSync(file, 'a', 0o600));
  const lock = new SqliteDriver(file, { timeout: 0 });
  try {
    if (mode === 'exclusive') {
      lock.exec('BEGIN EXCLUSIVE');
    } else {
      lock.exec('BEGIN');
      lock.prepare('SELECT count(*) FROM sqlite_master').get();
    }
  } catch (error) {
    lock.close();
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY') return undefined;
    throw error;
  }
  return {
    release: () => {
      if (lock.open) lock.close();
    },
  };
}
