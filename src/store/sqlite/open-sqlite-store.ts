import { c2paCertificateStatements } from './c2pa-certificates.js';
import { closeSync, openSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { SqliteDriver } from './driver.js';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { createMemoryLimiterState } from '../limiter-state.js';
import type { Repositories, Store, UnitOfWork } from '../port/index.js';
import { apiTokenStatements } from './api-tokens.js';
import { backupSqlite, checkSqliteIntegrity } from './backup.js';
import { channelStatements } from './channels.js';
import { chargeStatements } from './charges.js';
import { copyStatements } from './copies.js';
import { bind, SqliteConnection, type Execute } from './connection.js';
import type { Db } from './database.js';
import { describeSqlite } from './describe.js';
import { ledgerStatements } from './ledger.js';
import { MIGRATIONS_FOLDER } from '../migrations-folder.js';
import { schema } from './schema.js';
import { refuseForeignDatabase, refuseNewerDatabase } from './schema-check.js';
import { emailVerificationStatements, passwordResetStatements, refreshTokenStatements } from './sessions.js';
import { signingKeyStatements } from './signing-keys.js';
import { userStatements } from './users.js';

/** The SQLite adapter of the store port; `db` and `sqlite` are for its own tests and tools only. */
export interface SqliteStore extends Store {
  readonly file: string;
  readonly db: Db;
  readonly sqlite: Database.Database;
}

/** Waiting this long for another connection's write lock before failing with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5_000;

/** Password-attempt records the in-process limiter state keeps at most (~100 bytes each). */
const LIMITER_RECORDS_MAX = 100_000;

/**
 * Opens the database file and brings its schema up to date. With `create: false` a missing file is an error
 * (SQLITE_CANTOPEN) instead of a new database; with `onlyWm`, so is a database that wm did not make (a backup
 * being restored). A database migrated by a newer wm is refused.
 */
export function openSqliteStore(file: string, options: { create?: boolean; onlyWm?: boolean } = {}): SqliteStore {
  // created owner-only even in a shared folder; SQLite gives its -wal and -shm files the same mode
  if (file !== ':memory:' && options.create !== false) closeSync(openSync(file, 'a', 0o600));
  const sqlite = new SqliteDriver(file, { fileMustExist: options.create === false });
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // WAL makes NORMAL durable against application crashes; only a power loss may lose the last commits
    sqlite.pragma('synchronous = NORMAL');
    // every RETURNING clause fills a temporary table: file-backed, a statement cost several times more
    // (docs/PERFORMANCE.md)
    sqlite.pragma('temp_store = MEMORY');
    if (options.onlyWm) refuseForeignDatabase(sqlite, file);
    refuseNewerDatabase(sqlite, file);
    const db = drizzle(sqlite, { schema });
    migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return sqliteStore(file, sqlite, db);
  } catch (error) {
    sqlite.close();
    throw error;
  }
}

function sqliteStore(file: string, sqlite: Database.Database, db: Db): SqliteStore {
  const connection = new SqliteConnection(sqlite);
  const repositories = (execute: Execute): Repositories => ({
    users: bind(userStatements(db), execute),
    refreshTokens: bind(refreshTokenStatements(db), execute),
    emailVerifications: bind(emailVerificationStatements(db), execute),
    passwordResets: bind(passwordResetStatements(db), execute),
    channels: bind(channelStatements(db), execute),
    signingKeys: bind(signingKeyStatements(db), execute),
    c2paCertificates: bind(c2paCertificateStatements(db), execute),
    apiTokens: bind(apiTokenStatements(db), execute),
    ledger: bind(ledgerStatements(db), execute),
    charges: bind(chargeStatements(db), execute),
    copies: bind(copyStatements(db), execute),
  });
  // one connection, so the repositories of a unit of work are the same statements, run without waiting
  const unitOfWork: UnitOfWork = {
    ...repositories(connection.inside),
    savepoint: (work) => connection.savepoint(() => work(unitOfWork)),
  };
  return {
    ...repositories(connection.outside),
    file,
    db,
    sqlite,
    transaction: (work) => connection.transaction(() => work(unitOfWork)),
    createLimiterState: ({ now }) => createMemoryLimiterState({ maxRecords: LIMITER_RECORDS_MAX, now }),
    describe: () => connection.outside(() => describeSqlite(sqlite, file)),
    ping: () => connection.outside(() => void sqlite.prepare('SELECT 1').get()),
    poolState: () => undefined,
    // a unit of work ends within one turn of the event loop and the backup's steps run in turns of their own, so the
    // copy reads in a transaction of its own, never inside a unit of work
    backup: (target) => backupSqlite(sqlite, target),
    checkIntegrity: () => connection.outside(() => checkSqliteIntegrity(sqlite)),
    close: async () => {
      if (sqlite.open) sqlite.close();
    },
  };
}
