import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { withoutPassword } from '../database-url.js';
import { openSqliteStore } from '../sqlite/index.js';
import { applyMigrations } from './migrations.js';
import { schema } from './schema.js';

/**
 * `wm db copy`: every row of a SQLite database into an empty PostgreSQL database, in one transaction — accounts
 * with their password hashes, sessions (refresh-token hashes), email verifications, password-reset links (hashes),
 * channels with their sealed keys and signing keys, API tokens (hashes), the whole ledger, the usage counters, how
 * far back the ledger goes after pruning, and the issued copies with their documents' fingerprints, their variant
 * records and the sealed fingerprint keys — with their ids, so that sessions, tokens and history go on where they
 * were. The PostgreSQL-only parts are not copied: the password-attempt counters (SQLite kept them in memory) and the
 * explicit insertion order, which the copy regenerates by inserting in SQLite's.
 */

/** In the order their foreign keys need. */
const TABLES: PgTable[] = [
  schema.users,
  schema.emailVerifications,
  schema.passwordResets,
  schema.refreshTokens,
  schema.channels,
  schema.signingKeys,
  schema.c2paCertificates,
  schema.apiTokens,
  schema.creditLedger,
  schema.usageCounters,
  schema.ledgerRetention,
  schema.fingerprintKeys,
  schema.documents,
  schema.documentHashes,
  schema.copies,
  schema.documentVariants,
];

/** Tables whose ids PostgreSQL generates: after the copy, its sequence must continue past the copied ids. */
const GENERATED_IDS = ['email_verifications', 'password_resets', 'credit_ledger', 'documents'];

/** The order rows are read in: as inserted, but a table WITHOUT ROWID has no rowid (its primary key instead). */
const READ_ORDER: Record<string, string> = { document_hashes: 'document_id, hash' };

/** Rows sent per INSERT (PostgreSQL allows 65,535 parameters a statement). */
const BATCH_ROWS = 500;

export interface CopyResult {
  from: string;
  to: string;
  /** rows copied, per table */
  rows: Record<string, number>;
}

export async function copySqliteToPostgres(file: string, url: string): Promise<CopyResult> {
  const source = openSqliteStore(file, { create: false });
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await applyMigrations(pool);
    await refuseUnlessEmpty(pool, url);
    const client = await pool.connect();
    const rows: Record<string, number> = {};
    // one read transaction on the source: every table as of one instant, even if an admin command writes meanwhile
    source.sqlite.exec('BEGIN');
    try {
      await client.query('BEGIN');
      for (const table of TABLES) {
        const { name, columns } = getTableConfig(table);
        const copied = columns.filter((column) => column.name !== 'rowid');
        const booleans = new Set(copied.filter((column) => column.getSQLType() === 'boolean').map((c) => c.name));
        const names = copied.map((column) => column.name);
        const read = source.sqlite
          .prepare(`SELECT ${names.join(', ')} FROM ${name} ORDER BY ${READ_ORDER[name] ?? 'rowid'}`)
          .raw();
        let batch: unknown[][] = [];
        const flush = async () => {
          if (batch.length > 0) await insert(client, name, names, batch);
          batch = [];
        };
        rows[name] = 0;
        for (const row of read.iterate() as Iterable<unknown[]>) {
          batch.push(row.map((value, i) => (booleans.has(names[i]) ? value === 1 : value)));
          rows[name] += 1;
          if (batch.length === BATCH_ROWS) await flush();
        }
        await flush();
      }
      for (const name of GENERATED_IDS) {
        await client.query(
          `SELECT setval(pg_get_serial_sequence('${name}', 'id'), coalesce(max(id), 0) + 1, false) FROM ${name}`,
        );
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
      source.sqlite.exec('COMMIT');
    }
    return { from: file, to: withoutPassword(url), rows };
  } finally {
    await pool.end();
    await source.close();
  }
}

async function insert(client: pg.PoolClient, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  const placeholders = rows.map((row, r) => `(${row.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`);
  await client.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${placeholders.join(', ')}`, rows.flat());
}

/** A copy into a database that holds accounts already would mix two installations: refused, nothing written. */
async function refuseUnlessEmpty(pool: pg.Pool, url: string): Promise<void> {
  for (const table of TABLES) {
    const { name } = getTableConfig(table);
    const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${name}`);
    if (rows[0].n > 0) {
      throw new Error(
        `the database at ${withoutPassword(url)} is not empty (${name}: ${rows[0].n} rows): wm db copy fills a new, ` +
          'empty database only',
      );
    }
  }
}
