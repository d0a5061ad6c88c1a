/**
 * The database's own failure (SQLite: code SQLITE_BUSY, SQLITE_CANTOPEN, …) behind an error, whether thrown by the
 * driver directly or wrapped by drizzle in a DrizzleQueryError (whose `cause` is the original): the faces report it
 * as an I/O failure with the driver's message (a wrapper's message would show the query and its parameters).
 * No imports: the CLI's error table uses it without loading the database code.
 */
export function findDatabaseFailure(error: unknown): (Error & { code: string }) | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('SQLITE_')) return current as Error & { code: string };
  }
  return undefined;
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
