import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  DATABASE_FILE,
  MissingDataError,
  ensureDataHome,
  requireDataFile,
  requireDataHome,
  resolveDataHome,
} from './data-folder.js';
import { resolveDatabaseUrl } from './database-url.js';
import { MASTER_KEY_VARIABLE, loadMasterKey, masterKeySource, type MasterKeySource } from './master-key.js';
import type { DatabaseEvents, Store } from './port/index.js';

export interface OpenDataFolderOptions {
  /** the data folder; falls back to WM_HOME, then ~/.wm */
  home?: string;
  env?: NodeJS.ProcessEnv;
  /**
   * Create what is missing (folder, master key, database) — for the commands that can start from nothing
   * (`wm serve`, `wm db migrate`, `wm users create`). Without it, a missing part is refused (MissingDataError) and
   * nothing is created: a typo in --home must not leave a new data folder behind. A PostgreSQL database is never
   * created here (its operator creates it), nor its master key (every instance needs the same one).
   */
  create: boolean;
  /** `--database URL`: a PostgreSQL database instead of SQLite in the data folder; falls back to WM_DATABASE_URL */
  database?: string;
  /**
   * PostgreSQL: apply pending migrations (`wm db migrate`, `wm serve --migrate`) instead of refusing a database
   * that has them. SQLite migrates its own file on every open, as it always has.
   */
  migrate?: boolean;
  /** PostgreSQL: connections this process opens at most */
  poolSize?: number;
  /** PostgreSQL: told once when the database stops answering and once when it answers again */
  events?: DatabaseEvents;
}

export interface OpenedDataFolder {
  home: string;
  store: Store;
  masterKey: Uint8Array;
  masterKeySource: MasterKeySource;
  /** which database `store` is */
  engine: 'sqlite' | 'postgresql';
}

/**
 * Resolves the data folder, reads (or creates) its master key and opens the database: SQLite in the data folder,
 * migrated to the current schema, or the PostgreSQL database named by `database`/WM_DATABASE_URL. The adapter is
 * loaded only here, when a command needs it.
 */
export async function openDataFolder(options: OpenDataFolderOptions): Promise<OpenedDataFolder> {
  const env = options.env ?? process.env;
  const home = resolveDataHome(options.home, env);
  const url = resolveDatabaseUrl(options.database, env);
  if (url !== undefined) return openShared(url, home, env, options);
  const file = join(home, DATABASE_FILE);
  if (options.create) {
    ensureDataHome(home);
  } else {
    requireDataHome(home);
    requireDataFile(file, 'database');
  }
  const masterKey = loadMasterKey(home, env, { create: options.create });
  const { openSqliteStore } = await import('./sqlite/index.js');
  const store = openSqliteStore(file, { create: options.create });
  return { home, store, masterKey, masterKeySource: masterKeySource(home, env), engine: 'sqlite' };
}

async function openShared(
  url: string,
  home: string,
  env: NodeJS.ProcessEnv,
  options: OpenDataFolderOptions,
): Promise<OpenedDataFolder> {
  const source = masterKeySource(home, env);
  if (source.kind === 'file' && !existsSync(source.file)) {
    throw new MissingDataError(
      `no master key: every instance and command on a shared database needs the same one; set ${MASTER_KEY_VARIABLE} ` +
        `to 64 hexadecimal characters (e.g. from \`openssl rand -hex 32\`), or put it in ${source.file}`,
    );
  }
  const masterKey = loadMasterKey(home, env, { create: false });
  const { openPostgresStore } = await import('./postgres/index.js');
  const store = await openPostgresStore(url, {
    migrations: options.migrate ? 'apply' : 'refuse',
    poolSize: options.poolSize,
    events: options.events,
  });
  return { home, store, masterKey, masterKeySource: source, engine: 'postgresql' };
}
