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
import { lockDataFolder, type DataFolderLock, type FolderHolder } from './folder-lock.js';
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
  /**
   * SQLite: take the data folder's lock first, as a server (shared with other servers) or for maintenance that
   * replaces what a server reads (the folder to itself); refused at once while a conflicting holder has it.
   * PostgreSQL has no data folder to lock: its instances share the database by design.
   */
  lock?: FolderHolder;
}

export interface OpenedDataFolder {
  home: string;
  store: Store;
  masterKey: Uint8Array;
  masterKeySource: MasterKeySource;
  /** which database `store` is */
  engine: 'sqlite' | 'postgresql';
  /** the data folder's lock when `lock` asked for it (SQLite); release it after closing the store */
  lock: DataFolderLock | undefined;
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
  const file = options.create ? join(ensureDataHome(home), DATABASE_FILE) : requireDatabase(home);
  const lock = options.lock && (await lockDataFolder(home, options.lock));
  try {
    const masterKey = loadMasterKey(home, env, { create: options.create });
    const { openSqliteStore } = await import('./sqlite/index.js');
    const store = openSqliteStore(file, { create: options.create });
    return { home, store, masterKey, masterKeySource: masterKeySource(home, env), engine: 'sqlite', lock };
  } catch (error) {
    lock?.release();
    throw error;
  }
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
  return { home, store, masterKey, masterKeySource: source, engine: 'postgresql', lock: undefined };
}

/**
 * Whether there is a database to read: a PostgreSQL URL names one (its operator made it); SQLite, when the data
 * folder's file exists. Reading nothing where there is none creates nothing (offline `wm trace` on a fresh folder).
 */
export function databaseExists(options: { home?: string; env?: NodeJS.ProcessEnv; database?: string }): boolean {
  const env = options.env ?? process.env;
  if (resolveDatabaseUrl(options.database, env) !== undefined) return true;
  return existsSync(join(resolveDataHome(options.home, env), DATABASE_FILE));
}

/** The database file of an existing data folder, or a MissingDataError naming what is missing. */
function requireDatabase(home: string): string {
  requireDataHome(home);
  const file = join(home, DATABASE_FILE);
  requireDataFile(file, 'database');
  return file;
}

/**
 * The database of an existing data folder alone, for a command that needs no master key: a plain backup (the
 * server may keep its key in WM_MASTER_KEY, which a backup job need not know).
 */
export async function openDataFolderDatabase(options: {
  home?: string;
  env?: NodeJS.ProcessEnv;
}): Promise<{ home: string; store: Store }> {
  const home = resolveDataHome(options.home, options.env ?? process.env);
  const file = requireDatabase(home);
  const { openSqliteStore } = await import('./sqlite/index.js');
  return { home, store: openSqliteStore(file, { create: false }) };
}

/**
 * Opens a database file that is no data folder's yet (a backup being restored), migrated to the current schema;
 * refuses one that wm did not make (ForeignDatabaseError) or that a newer wm migrated (NewerDatabaseError).
 */
export async function openDatabaseCopy(file: string): Promise<Store> {
  const { openSqliteStore } = await import('./sqlite/index.js');
  return openSqliteStore(file, { create: false, onlyWm: true });
}

const DATABASE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** True when a file's first bytes are those of a database this store opens (a SQLite file). */
export const isDatabaseFile = (head: Uint8Array): boolean =>
  Buffer.from(head).subarray(0, DATABASE_HEADER.length).equals(DATABASE_HEADER);
