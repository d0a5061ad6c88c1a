export { openStore } from './open-store.js';
export type { Db, Queryable, Store } from './open-store.js';
export { DATABASE_FILE, MASTER_KEY_FILE, ensureDataHome, resolveDataHome } from './data-home.js';
export { MASTER_KEY_BYTES, loadMasterKey } from './master-key.js';
export { MIGRATIONS_FOLDER } from './migrations-folder.js';
export * from './schema.js';
export { preparedPerDatabase } from './prepared.js';
export { createGroupCommit, type GroupCommit } from './group-commit.js';
export { findSqliteError, sqliteErrorCode } from './sqlite-error.js';
