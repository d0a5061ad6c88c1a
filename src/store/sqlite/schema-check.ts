import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
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
