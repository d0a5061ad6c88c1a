import { join } from 'node:path';
import { DATABASE_FILE, ensureDataHome, requireDataFile, requireDataHome, resolveDataHome } from './data-folder.js';
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
}

export interface OpenedDataFolder {
  home: string;
  store: Store;
  masterKey: Uint8Array;
  masterKeySource: MasterKeySource;
}

/**
 * Resolves the data folder, reads (or creates) its master key and opens its database, migrated to the current
 * schema. The database is SQLite in the data folder; the adapter is loaded only here, when a command needs it.
 */
export async function openDataFolder(options: OpenDataFolderOptions): Promise<OpenedDataFolder> {
  const env = options.env ?? process.env;
  const home = resolveDataHome(options.home, env);
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
  return { home, store, masterKey, masterKeySource: masterKeySource(home, env) };
}
