import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { SqliteDriver } from './driver.js';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { ForeignDatabaseError, NewerDatabaseError } from '../database-failure.js';
import { MIGRATIONS_FOLDER } from '../migrations-folder.js';

const MIGRATIONS_TABLE = '__drizzle_migrations';

const hasTable = (sqlite: Database.Database, name: string) =>
  sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;

/** Refuses a database that wm did not make (no migrations table, no accounts): it must not be migrated into one. */
export function refuseForeignDatabase(sqlite: Database.Database, file: string): void {
  if (!hasTable(sqlite, MIGRATIONS_TABLE) || !hasTable(sqlite, 'users')) {
    throw new ForeignDatabaseError(`${file} is not a wm database (it has none of wm's tables)`);
  }
}

/**
 * Refuses a database with a migration newer than this version's newest (drizzle would skip the unknown ones
 * silently and this version would then write to a schema it does not know): after a downgrade, restore the backup
 * made before the upgrade instead.
 */
export function refuseNewerDatabase(sqlite: Database.Database, file: string): void {
  if (!hasTable(sqlite, MIGRATIONS_TABLE)) return;
  const newestApplied = Number(
    (sqlite.prepare(`SELECT max(created_at) AS at FROM ${MIGRATIONS_TABLE}`).get() as { at: unknown }).at ?? 0,
  );
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const newestKnown = Math.max(...journal.entries.map((entry) => entry.when));
  if (newestApplied > newestKnown) {
    throw new NewerDatabaseError(
      `${file} was migrated by a newer version of wm than this one: run that version (or a newer one), or restore ` +
        'a backup made with this version',
    );
  }
}

/** The schema's objects (tables, indexes, triggers, views) by type and name, with their SQL as SQLite keeps it. */
function objectsOf(sqlite: Database.Database): Map<string, string> {
  const rows = sqlite.prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_stat%'").all() as {
    type: string;
    name: string;
    sql: string | null;
  }[];
  return new Map(rows.map((row) => [`${row.type} ${row.name}`, (row.sql ?? '').replace(/\s+/g, ' ').trim()]));
}

let madeByMigrations: Map<string, string> | undefined;

/** The schema wm's migrations make, on an empty database in memory (once per process). */
function migratedSchema(): Map<string, string> {
  if (madeByMigrations) return madeByMigrations;
  const sqlite = new SqliteDriver(':memory:');
  try {
    migrate(drizzle(sqlite), { migrationsFolder: MIGRATIONS_FOLDER });
    return (madeByMigrations = objectsOf(sqlite));
  } finally {
    sqlite.close();
  }
}

/**
 * How a database's schema differs from the one wm's migrations make: an object more (a table, a trigger, a view, an
 * index), one less, or one defined otherwise. A restored backup must have exactly wm's schema: a trigger added to a
 * backup (copying password hashes into a table of its own, say) would otherwise run inside the server.
 */
export function schemaDifferences(sqlite: Database.Database): string[] {
  const expected = migratedSchema();
  const found = objectsOf(sqlite);
  const problems: string[] = [];
  for (const [object, sql] of found) {
    if (!expected.has(object)) problems.push(`${object} is not part of wm's schema`);
    else if (expected.get(object) !== sql) problems.push(`${object} is not defined as wm's migrations define it`);
  }
  for (const object of expected.keys()) if (!found.has(object)) problems.push(`${object} is missing`);
  return problems;
}
