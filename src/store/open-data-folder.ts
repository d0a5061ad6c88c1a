import { join } from 'node:path';
import { DATABASE_FILE, ensureDataHome, requireDataFile, requireDataHome, resolveDataHome } from './data-folder.js';
import { lockDataFolder, type DataFolderLock, type FolderHolder } from './folder-lock.js';
import { loadMasterKey, masterKeySource, type MasterKeySource } from './master-key.js';
import type { Store } from './port/index.js';

export interface OpenDataFolderOptions {
  /** the data folder; falls back to WM_HOME, then ~/.wm */
  home?: string;
  env?: NodeJS.ProcessEnv;
  /**
   * Create what is missing (folder, master key, database) — for the commands that can start from nothing
   * (`wm serve`, `wm db migrate`, `wm users create`). Without it, a missing part is refused (MissingDataError) and
   * nothing is created: a typo in --home must not leave a new data folder behind.
   */
  create: boolean;
  /**
   * Take the data folder's lock first, as a server (shared with other servers) or for maintenance that replaces
   * what a server reads (the folder to itself); refused at once while a conflicting holder has it.
   */
  lock?: FolderHolder;
}

export interface OpenedDataFolder {
  home: string;
  store: Store;
  masterKey: Uint8Array;
  masterKeySource: MasterKeySource;
  /** the data folder's lock when `lock` asked for it; release it after closing the store */
  lock: DataFolderLock | undefined;
}

/**
 * Resolves the data folder, reads (or creates) its master key and opens its database, migrated to the current
 * schema. The database is SQLite in the data folder; the adapter is loaded only here, when a command needs it.
 */
export async function openDataFolder(options: OpenDataFolderOptions): Promise<OpenedDataFolder> {
  const env = options.env ?? process.env;
  const home = resolveDataHome(options.home, env);
  const file = options.create ? join(ensureDataHome(home), DATABASE_FILE) : requireDatabase(home);
  const lock = options.lock && (await lockDataFolder(home, options.lock));
  try {
    const masterKey = loadMasterKey(home, env, { create: options.create });
    const { openSqliteStore } = await import('./sqlite/index.js');
    const store = openSqliteStore(file, { create: options.create });
    return { home, store, masterKey, masterKeySource: masterKeySource(home, env), lock };
  } catch (error) {
    lock?.release();
    throw error;
  }
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
