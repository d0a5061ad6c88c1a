import { statSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE, requireDataFile } from './data-folder.js';
import { resolveDatabaseUrl } from './database-url.js';

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
 */
export async function copyDatabase(options: {
  from: string;
  to?: string;
  env?: NodeJS.ProcessEnv;
}): Promise<CopyDatabaseResult> {
  const to = resolveDatabaseUrl(options.to, options.env);
  if (to === undefined) throw new Error('--to is required: the PostgreSQL database to fill (or set WM_DATABASE_URL)');
  const from = statSync(options.from, { throwIfNoEntry: false })?.isDirectory()
    ? join(options.from, DATABASE_FILE)
    : options.from;
  requireDataFile(from, 'SQLite database');
  const { copySqliteToPostgres } = await import('./postgres/copy-from-sqlite.js');
  return copySqliteToPostgres(from, to);
}
