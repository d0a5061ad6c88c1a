import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DATABASE_FILE, requireDataFile } from './data-folder.js';
import { resolveDatabaseUrl } from './database-url.js';
import { LOCK_FILE, lockDataFolder } from './folder-lock.js';

export interface CopyDatabaseResult {
  /** the SQLite file copied */
  from: string;
  /** the PostgreSQL database filled (password hidden) */
  to: string;
  rows: Record<string, number>;
}

/**
 * `wm db copy --from <SQLite file or data folder> --to <postgres://…>`: moves a single-box installation to
 * PostgreSQL (src/store/postgres/copy-from-sqlite.ts). The target must be empty; it is migrated first if needed.
 * The data folder's lock is taken as for maintenance (when `from` is a folder, or a file in a folder a server has
 * used), so a running wm serve makes the copy refused rather than outdated as soon as it is made.
 */
export async function copyDatabase(options: {
  from: string;
  to?: string;
  env?: NodeJS.ProcessEnv;
}): Promise<CopyDatabaseResult> {
  const to = resolveDatabaseUrl(options.to, options.env);
  if (to === undefined) throw new Error('--to is required: the PostgreSQL database to fill (or set WM_DATABASE_URL)');
  const isFolder = statSync(options.from, { throwIfNoEntry: false })?.isDirectory() === true;
  const from = isFolder ? join(options.from, DATABASE_FILE) : options.from;
  requireDataFile(from, 'SQLite database');
  // a wm serve still running on the folder would go on charging into the old database after the copy: refused
  const folder = dirname(from);
  const lock =
    isFolder || existsSync(join(folder, LOCK_FILE)) ? await lockDataFolder(folder, 'maintenance') : undefined;
  try {
    const { copySqliteToPostgres } = await import('./postgres/copy-from-sqlite.js');
    return await copySqliteToPostgres(from, to);
  } finally {
    lock?.release();
  }
}
