import type { OpenedDomain } from '../../data-folder/index.js';
import type { Domain } from '../../domain/index.js';

export interface AdminOptions {
  home?: string;
  /** a PostgreSQL URL (`--database`); falls back to WM_DATABASE_URL, else SQLite in the data folder */
  database?: string;
  json?: boolean;
}

/**
 * Opens the database (SQLite in the data folder, or PostgreSQL with --database/WM_DATABASE_URL) for one command and
 * always closes it. `create`: the command can start from nothing (`users create`, `db migrate`) and creates a
 * missing data folder; every other command refuses one that does not exist (exit 4) and leaves nothing behind.
 * `migrate`: PostgreSQL's pending migrations are applied (`db migrate`) instead of refused.
 */
export async function withDomain<T>(
  options: AdminOptions & { create?: boolean; migrate?: boolean },
  work: (domain: Domain, opened: OpenedDomain) => Promise<T>,
): Promise<T> {
  const { openDomain } = await import('../../data-folder/index.js');
  const opened = await openDomain({
    home: options.home,
    database: options.database,
    create: options.create,
    migrate: options.migrate,
  });
  try {
    return await work(opened.domain, opened);
  } finally {
    await opened.close();
  }
}

/** `--json`: the value as JSON; otherwise the human lines. Both on stdout. */
export function print(options: AdminOptions, value: unknown, human: string | string[]): void {
  const text = options.json ? JSON.stringify(value, null, 2) : Array.isArray(human) ? human.join('\n') : human;
  if (text.length > 0) process.stdout.write(`${text}\n`);
}

/** Aligned `label: value` lines. */
export type FieldValue = string | number | boolean | null | undefined;

export function fields(pairs: [string, FieldValue][]): string[] {
  const width = Math.max(...pairs.map(([label]) => label.length));
  return pairs.map(([label, value]) => `${`${label}:`.padEnd(width + 1)} ${value ?? '-'}`);
}

/** A plain text table; the first row is the header. */
export function table(rows: string[][]): string[] {
  if (rows.length === 0) return [];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  return rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd(),
  );
}
