import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { SqliteDriver } from '../../src/store/sqlite/driver.js';
import { MIGRATIONS_FOLDER } from '../../src/store/sqlite/index.js';

/**
 * A SQLite database migrated by the first `count` migrations only (a copy of the folder in `dir`): the state of a
 * database an older wm made, for the tests of a migration.
 */
export function databaseAtMigration(dir: string, file: string, count: number): Database.Database {
  const folder = join(dir, 'drizzle');
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, count) }));
  const sqlite = new SqliteDriver(file);
  migrate(drizzle(sqlite), { migrationsFolder: folder });
  return sqlite;
}
