export { openSqliteStore, type SqliteStore } from './open-sqlite-store.js';
export { MIGRATIONS_FOLDER } from '../migrations-folder.js';
