/** better-sqlite3's error for a row that a UNIQUE constraint or index refused. */
export const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: unknown } | undefined)?.code === 'SQLITE_CONSTRAINT_UNIQUE';
