import { closeSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import { MIGRATIONS_FOLDER } from './migrations-folder.js';
import { schema } from './schema.js';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
/** The database or a transaction on it: what query helpers accept. */
export type Queryable = BaseSQLiteDatabase<'sync', Database.RunResult, typeof schema>;

export interface Store {
  db: Db;
  /** the raw connection, for pragmas and `wm db info` */
  sqlite: Database.Database;
  file: string;
  close(): void;
}

/** Waiting this long for another connection's write lock before failing with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5_000;

/** Opens (creating if needed) the database file and brings its schema up to date. */
export function openStore(file: string): Store {
  // created owner-only even in a shared folder; SQLite gives its -wal and -shm files the same mode
  if (file !== ':memory:') closeSync(openSync(file, 'a', 0o600));
  const sqlite = new Database(file);
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // WAL makes NORMAL durable against application crashes; only a power loss may lose the last commits
    sqlite.pragma('synchronous = NORMAL');
    // every RETURNING clause fills a temporary table: with file-backed temp storage a statement cost ~11 µs in a
    // standalone process (the heap grown and trimmed each time), ~2 µs with MEMORY (docs/PERFORMANCE.md)
    sqlite.pragma('temp_store = MEMORY');
    const db = drizzle(sqlite, { schema });
    migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db, sqlite, file, close: () => sqlite.close() };
  } catch (error) {
    sqlite.close();
    throw error;
  }
}
