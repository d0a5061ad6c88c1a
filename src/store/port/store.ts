import type { LimiterState } from '../limiter-state.js';
import type { ApiTokenRepository } from './api-tokens.js';
import type { C2paCertificateRepository } from './c2pa-certificates.js';
import type { ChannelRepository } from './channels.js';
import type { CopyRepository } from './copies.js';
import type { ChargeRepository, LedgerRepository } from './ledger.js';
import type { EmailVerificationRepository, PasswordResetRepository, RefreshTokenRepository } from './sessions.js';
import type { SigningKeyRepository } from './signing-keys.js';
import type { UserRepository } from './users.js';

/** Every kind of record, one repository each. All calls are async, whatever the database. */
export interface Repositories {
  users: UserRepository;
  refreshTokens: RefreshTokenRepository;
  emailVerifications: EmailVerificationRepository;
  passwordResets: PasswordResetRepository;
  channels: ChannelRepository;
  signingKeys: SigningKeyRepository;
  /** the channels' C2PA signing certificates */
  c2paCertificates: C2paCertificateRepository;
  apiTokens: ApiTokenRepository;
  ledger: LedgerRepository;
  charges: ChargeRepository;
  /** issued copies, their documents' fingerprints and the owners' fingerprint keys */
  copies: CopyRepository;
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
  transaction<T>(work: (tx: UnitOfWork) => Promise<T>, options?: UnitOfWorkOptions): Promise<T>;
  /**
   * Where password attempts are counted. SQLite, one process: in this process's memory. PostgreSQL, shared by
   * several instances: in the database, so that all instances count together.
   */
  createLimiterState(options: { now: () => number }): LimiterState;
  /** What `wm db info` shows. */
  describe(): Promise<StoreDescription>;
  /** Resolves when the database answers (readiness); rejects otherwise (DatabaseUnavailableError for a server). */
  ping(): Promise<void>;
  /** The connections of a server database's pool now; undefined for SQLite's one connection. */
  poolState(): PoolState | undefined;
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

/** What a server database's store tells its owner: once when the database stops answering, once when it is back. */
export interface DatabaseEvents {
  unavailable(error: Error): void;
  available(downForMs: number): void;
}

export interface UnitOfWorkOptions {
  /**
   * Every row the unit of work reads and then writes on is locked first by the repository that reads it
   * (`charges.chargeableAccount`), so it stays correct without serializable isolation: a server database may then
   * run it at read committed, where a concurrent unit on the same rows waits for the lock instead of failing and
   * running again. (The charges' group commit: under steady load, a retried unit could lose the race every time.)
   */
  lockedRows?: boolean;
}

export interface PoolState {
  /** connections open, idle among them, and callers waiting for one */
  open: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface StoreDescription {
  /** where the data is: the file of SQLite, or the PostgreSQL URL (without its password) */
  database: string;
  migrationsApplied: number;
  counts: { users: number; apiTokens: number; channels: number };
  /** the settings of the database engine worth knowing */
  engine: SqliteSettings | PostgresSettings;
}

export interface SqliteSettings {
  name: 'sqlite';
  sizeBytes: number;
  journalMode: string;
  foreignKeys: boolean;
  busyTimeoutMs: number;
}

export interface PostgresSettings {
  name: 'postgresql';
  /** `server_version` */
  serverVersion: string;
  /** `pg_database_size` of the database */
  sizeBytes: number;
  /** connections the pool of this process opens at most */
  poolSize: number;
}
