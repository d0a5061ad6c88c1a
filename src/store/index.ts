/**
 * The store: the port the domain works through (every repository, units of work, group commit, the limiter state)
 * and the data folder (its master key and database). The database adapters (src/store/sqlite/,
 * src/store/postgres/) sit behind the port; only the store itself loads them.
 */
export * from './port/index.js';
export { createGroupCommit, type Submit } from './group-commit.js';
export { createMemoryLimiterState, type LimiterDecision, type LimiterState } from './limiter-state.js';
export {
  DATABASE_FILE,
  MASTER_KEY_FILE,
  MissingDataError,
  ensureDataHome,
  namedDataHome,
  resolveDataHome,
} from './data-folder.js';
export {
  MASTER_KEY_BYTES,
  hexKeyFrom,
  installMasterKey,
  loadMasterKey,
  masterKeySource,
  pendingMasterKey,
  type MasterKeySource,
} from './master-key.js';
export {
  openDataFolder,
  databaseExists,
  openDatabaseCopy,
  openDataFolderDatabase,
  isDatabaseFile,
  type OpenDataFolderOptions,
  type OpenedDataFolder,
} from './open-data-folder.js';
export {
  DamagedDatabaseError,
  DatabaseUnavailableError,
  PendingMigrationsError,
  findDatabaseFailure,
  ForeignDatabaseError,
  isDatabaseUnavailable,
  NewerDatabaseError,
} from './database-failure.js';
export { DATABASE_URL_VARIABLE, resolveDatabaseUrl, withoutPassword } from './database-url.js';
export { copyDatabase, type CopyDatabaseResult } from './copy-database.js';
export {
  DataFolderBusyError,
  LOCK_FILE,
  lockDataFolder,
  type DataFolderLock,
  type FolderHolder,
} from './folder-lock.js';
