import type { LimiterState } from '../limiter-state.js';
import type { ApiTokenRepository } from './api-tokens.js';
import type { ChannelRepository } from './channels.js';
import type { ChargeRepository, LedgerRepository } from './ledger.js';
import type { EmailVerificationRepository, RefreshTokenRepository } from './sessions.js';
import type { SigningKeyRepository } from './signing-keys.js';
import type { UserRepository } from './users.js';

/** Every kind of record, one repository each. All calls are async, whatever the database. */
export interface Repositories {
  users: UserRepository;
  refreshTokens: RefreshTokenRepository;
  emailVerifications: EmailVerificationRepository;
  channels: ChannelRepository;
  signingKeys: SigningKeyRepository;
  apiTokens: ApiTokenRepository;
  ledger: LedgerRepository;
  charges: ChargeRepository;
}

/**
 * The repositories inside one transaction. Make its calls one after another (await each); a call made on the
 * store itself instead of here would wait for the unit of work to end.
 */
export interface UnitOfWork extends Repositories {
  /**
   * Runs `work` so that, if it throws, its writes are undone (and the error rethrown) while the rest of the unit of
   * work goes on.
   */
  savepoint<T>(work: (tx: UnitOfWork) => Promise<T>): Promise<T>;
}

/**
 * The database, as the domain sees it: the port that each database adapter (src/store/sqlite/, …) implements.
 * The domain never sees SQL, a query builder or a driver.
 *
 * Calls made on the store directly each run on their own (autocommit). `transaction` runs a unit of work: its calls
 * commit together or not at all, and units of work behave as if they ran one after another (SQLite: one writer at a
 * time; an adapter for a server database gives the same guarantee, e.g. serializable isolation with retries).
 */
export interface Store extends Repositories {
  /**
   * Runs `work` in a transaction and resolves after the commit; if `work` throws, nothing of it is kept. Keep it
   * free of other waiting (no hashing, no network): a unit of work holds the database while it runs. An adapter
   * may run `work` again after a conflict, so it must not have effects outside the unit of work.
   */
  transaction<T>(work: (tx: UnitOfWork) => Promise<T>): Promise<T>;
  /**
   * Where password attempts are counted. SQLite, one process: in this process's memory. A database shared by several
   * processes keeps them in the database, so that all instances count together.
   */
  createLimiterState(options: { now: () => number }): LimiterState;
  /** What `wm db info` shows. */
  describe(): Promise<StoreDescription>;
  /**
   * Writes a copy of the whole database, as it was at one instant, to `file` (a new file, mode 0600) while other
   * connections go on reading and writing, and checks it with the engine's integrity check before resolving (a
   * copy that fails it is deleted: DamagedDatabaseError). SQLite: the online backup API; the copy is one
   * self-contained database file. An adapter that cannot (a server database, backed up by its own tools such as
   * pg_dump) rejects with an UnsupportedByStoreError saying so.
   */
  backup(file: string): Promise<void>;
  /** The database engine's own consistency check: [] when the database is sound, else the problems it names. */
  checkIntegrity(): Promise<string[]>;
  close(): Promise<void>;
}

export interface StoreDescription {
  /** where the data is: the file of SQLite */
  database: string;
  migrationsApplied: number;
  counts: { users: number; apiTokens: number; channels: number };
  /** the settings of the database engine worth knowing */
  engine: SqliteSettings;
}

export interface SqliteSettings {
  name: 'sqlite';
  sizeBytes: number;
  journalMode: string;
  foreignKeys: boolean;
  busyTimeoutMs: number;
}
