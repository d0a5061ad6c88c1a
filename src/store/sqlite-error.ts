/**
 * The SQLite error (code SQLITE_CONSTRAINT_UNIQUE, SQLITE_BUSY, ...) behind an error, whether thrown by
 * better-sqlite3 directly or wrapped by drizzle in a DrizzleQueryError (whose `cause` is the original).
 * No imports: the CLI's error table uses it without loading the database code.
 */
export function findSqliteError(error: unknown): (Error & { code: string }) | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('SQLITE_')) return current as Error & { code: string };
  }
  return undefined;
}

export const sqliteErrorCode = (error: unknown): string | undefined => findSqliteError(error)?.code;
