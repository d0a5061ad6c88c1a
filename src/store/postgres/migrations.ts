import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import type pg from 'pg';
import { POSTGRES_MIGRATIONS_FOLDER } from '../migrations-folder.js';
import { sqlState } from './errors.js';

/*
 * PostgreSQL migrations: the SQL drizzle-kit generated into drizzle-postgres/, recorded in drizzle's own table
 * (drizzle.__drizzle_migrations: one row per migration, its hash and journal time), so drizzle-kit sees the same
 * state. Several instances may start at once with --migrate: the one holding the lock row migrates, the others wait
 * for its COMMIT and then find nothing left to do. The lock is a plain row lock (no advisory locks), so databases
 * that speak PostgreSQL's SQL without its extensions can run it.
 */

const SETUP = [
  'CREATE SCHEMA IF NOT EXISTS drizzle',
  'CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations ' +
    '(id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
  'CREATE TABLE IF NOT EXISTS drizzle.wm_migration_lock (id integer PRIMARY KEY)',
  'INSERT INTO drizzle.wm_migration_lock (id) VALUES (1) ON CONFLICT DO NOTHING',
];

export interface MigrationState {
  applied: number;
  /** migrations in drizzle-postgres/ newer than the newest applied one */
  pending: number;
  /** the database was migrated by a newer wm: it holds migrations this one does not know */
  newer: boolean;
}

const known = (folder = POSTGRES_MIGRATIONS_FOLDER): MigrationMeta[] =>
  readMigrationFiles({ migrationsFolder: folder });

type Queryable = Pick<pg.PoolClient, 'query'>;

async function appliedMigrations(client: Queryable): Promise<{ count: number; newest: number | undefined }> {
  const table = await client.query(
    `SELECT 1 FROM information_schema.tables WHERE table_schema = 'drizzle' AND table_name = '__drizzle_migrations'`,
  );
  if (table.rowCount === 0) return { count: 0, newest: undefined };
  const { rows } = await client.query<{ count: number; newest: number | null }>(
    'SELECT count(*)::integer AS count, max(created_at)::float8 AS newest FROM drizzle.__drizzle_migrations',
  );
  return { count: rows[0].count, newest: rows[0].newest ?? undefined };
}

function stateOf(applied: { count: number; newest: number | undefined }, migrations: MigrationMeta[]) {
  const pending = migrations.filter(
    (migration) => applied.newest === undefined || migration.folderMillis > applied.newest,
  );
  const newestKnown = Math.max(0, ...migrations.map((migration) => migration.folderMillis));
  return { applied: applied.count, pending, newer: applied.newest !== undefined && applied.newest > newestKnown };
}

export async function migrationState(pool: Queryable): Promise<MigrationState> {
  const state = stateOf(await appliedMigrations(pool), known());
  return { applied: state.applied, pending: state.pending.length, newer: state.newer };
}

/**
 * Applies the pending migrations under the lock, in one transaction; returns how many it applied. `folder`: for the
 * benchmarks, whose bundle does not sit where this file does.
 */
export async function applyMigrations(pool: pg.Pool, folder?: string): Promise<number> {
  await setUp(pool);
  const client = await pool.connect();
  // a connection lost meanwhile fails the statement running on it; its `error` event must not crash the process
  const ignore = () => undefined;
  client.on('error', ignore);
  try {
    await client.query('BEGIN');
    await client.query('SELECT id FROM drizzle.wm_migration_lock WHERE id = 1 FOR UPDATE');
    const { pending } = stateOf(await appliedMigrations(client), known(folder));
    for (const migration of pending) {
      for (const statement of migration.sql) if (statement.trim()) await client.query(statement);
      await client.query('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', [
        migration.hash,
        migration.folderMillis,
      ]);
    }
    await client.query('COMMIT');
    return pending.length;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.off('error', ignore);
    client.release();
  }
}

/**
 * The migrations table and the lock row. Two instances running `CREATE … IF NOT EXISTS` at the same moment can
 * both try to create, and one then fails on a duplicate name: it tries again and finds the object there.
 */
async function setUp(pool: pg.Pool): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      for (const statement of SETUP) await pool.query(statement);
      return;
    } catch (error) {
      // unique_violation (on a catalog), duplicate_schema, duplicate_table, duplicate_object (a row type)
      const duplicate = ['23505', '42P06', '42P07', '42710'].includes(sqlState(error) ?? '');
      if (!duplicate || attempt >= 5) throw error;
    }
  }
}
