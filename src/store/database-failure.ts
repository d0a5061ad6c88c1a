/**
 * The database's own failure (SQLite: code SQLITE_BUSY, SQLITE_CANTOPEN, …; PostgreSQL: a server error with its
 * SQLSTATE and severity, such as a refused password or a missing database) behind an error, whether thrown by the
 * driver directly or wrapped by drizzle in a DrizzleQueryError (whose `cause` is the original): the faces report it
 * as an I/O failure with the driver's message (a wrapper's message would show the query and its parameters).
 * No imports: the CLI's error table uses it without loading the database code.
 */
export function findDatabaseFailure(error: unknown): (Error & { code: string }) | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, severity } = current as { code?: unknown; severity?: unknown };
    if (typeof code !== 'string') continue;
    const sqlite = code.startsWith('SQLITE_');
    const postgres = /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
    if (sqlite || postgres) return current as Error & { code: string };
  }
  return undefined;
}

/**
 * A database server cannot be reached or is not serving (refused or lost connection, shutting down, starting up,
 * no free connection in time). Nothing of the call that failed was kept. The server answers it with 503 and
 * `Retry-After`; the CLI with exit 4 (an I/O failure, by its `E…` code) and this message.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
  readonly code = 'EDATABASEUNAVAILABLE';
}

export const isDatabaseUnavailable = (error: unknown): error is DatabaseUnavailableError =>
  error instanceof DatabaseUnavailableError;

/**
 * The database's schema is not the one this version of wm works with (migrations pending, or applied by a newer
 * version). CLI exit 4, like a database it cannot use.
 */
export class PendingMigrationsError extends Error {
  override readonly name = 'PendingMigrationsError';
  readonly code = 'EPENDINGMIGRATIONS';
}

/** A database file without wm's tables (e.g. a backup of something else): refused, never migrated into one. */
export class ForeignDatabaseError extends Error {
  override readonly name = 'ForeignDatabaseError';
  readonly code = 'FOREIGN_DATABASE';
}

/** A database migrated by a newer wm: this version could not keep what that schema holds, so it does not open it. */
export class NewerDatabaseError extends Error {
  override readonly name = 'NewerDatabaseError';
  readonly code = 'NEWER_DATABASE';
}

/** A database that fails the engine's integrity check (a backup's copy, a backup being restored). */
export class DamagedDatabaseError extends Error {
  override readonly name = 'DamagedDatabaseError';
  readonly code = 'DAMAGED_DATABASE';
}
