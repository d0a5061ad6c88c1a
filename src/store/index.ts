/**
 * The store: the port the domain works through (every repository, units of work, group commit, the limiter state)
 * and the data folder (its master key and database). The database adapters (src/store/sqlite/) sit behind the
 * port; only the store itself loads them.
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
  openDatabaseCopy,
  openDataFolderDatabase,
  isDatabaseFile,
  type OpenDataFolderOptions,
  type OpenedDataFolder,
} from './open-data-folder.js';
export {
  DamagedDatabaseError,
  findDatabaseFailure,
  ForeignDatabaseError,
  NewerDatabaseError,
} from './database-failure.js';
export {
  DataFolderBusyError,
  LOCK_FILE,
  lockDataFolder,
  type DataFolderLock,
  type FolderHolder,
} from './folder-lock.js';
