import { closeSync, fsyncSync, openSync, rmSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { SqliteDriver } from './driver.js';
import { DamagedDatabaseError } from '../database-failure.js';
import { schemaDifferences } from './schema-check.js';

/**
 * Pages per backup step: all of them. A step reads in one transaction, so the copy is the database as of one
 * instant while writers go on (WAL); with smaller steps, every write of another connection between two steps would
 * restart the copy, and under a steady write load it might never finish.
 */
const ALL_PAGES = 0x7fffffff;

/**
 * The store's `backup`: SQLite's online backup API into `file`, a new owner-only file, made self-contained and
 * checked; a copy that fails the check is deleted (DamagedDatabaseError).
 */
export async function backupSqlite(source: Database.Database, file: string): Promise<void> {
  // created first, owner-only, refused if it exists: SQLite keeps the mode of a file it writes into
  closeSync(openSync(file, 'wx', 0o600));
  try {
    await source.backup(file, { progress: () => ALL_PAGES });
    const copy = new SqliteDriver(file, { fileMustExist: true });
    try {
      // the copy's header says WAL, like its source's: back to a rollback journal, so it is one file, no -wal beside
      copy.pragma('journal_mode = DELETE');
      const problems = checkSqliteIntegrity(copy);
      if (problems.length > 0) {
        throw new DamagedDatabaseError(`the copy fails SQLite's integrity check: ${problems.join('; ')}`);
      }
    } finally {
      copy.close();
    }
    const fd = openSync(file, 'r+');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    rmSync(file, { force: true });
    throw error;
  }
}

/** At most this many problems are reported: one is enough to refuse a copy. */
const PROBLEMS_MAX = 10;

/**
 * The store's `checkIntegrity`: SQLite's integrity check (every page, index and constraint), foreign keys, and a
 * schema exactly as wm's migrations make it (nothing more: no table, trigger or view of someone else's).
 */
export function checkSqliteIntegrity(sqlite: Database.Database): string[] {
  const pages = sqlite.pragma(`integrity_check(${PROBLEMS_MAX})`) as { integrity_check: string }[];
  const references = sqlite.pragma('foreign_key_check') as { table: string; rowid: number; parent: string }[];
  return [
    ...pages.map((row) => row.integrity_check).filter((message) => message !== 'ok'),
    ...references
      .slice(0, PROBLEMS_MAX)
      .map((row) => `${row.table} row ${row.rowid} refers to a ${row.parent} row that does not exist`),
    ...schemaDifferences(sqlite).slice(0, PROBLEMS_MAX),
  ];
}
