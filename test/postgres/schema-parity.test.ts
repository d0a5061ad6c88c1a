import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore, type SqliteStore } from '../../src/store/sqlite/index.js';
import { freshPostgresDatabase, type TestPostgresDatabase } from '../database.js';

/**
 * The two migration sets (drizzle/ for SQLite, drizzle-postgres/ for PostgreSQL, both made by drizzle-kit from
 * their schema files) must build the same schema: the same tables, columns (kind, nullability, default), primary
 * keys, foreign keys with their ON DELETE, unique and plain indexes, and CHECK constraints. Both databases are
 * migrated for real and read back from their catalogs, so neither a schema file nor a migration can drift alone.
 */

interface Table {
  columns: Record<string, { kind: string; notNull: boolean; default: string | null }>;
  primaryKey: string[];
  indexes: Record<string, { columns: string[]; unique: boolean }>;
  foreignKeys: string[];
  checks: string[];
}
type Schema = Record<string, Table>;

/** Where PostgreSQL has more than SQLite, on purpose. */
const POSTGRES_ONLY = {
  /** the password-attempt counters shared by instances; one SQLite process keeps them in memory */
  tables: ['limiter_records'],
  /** SQLite's implicit rowid, made explicit where listings order by it (PostgreSQL has no stable row order) */
  columns: { channels: ['rowid'], signing_keys: ['rowid'], api_tokens: ['rowid'] } as Record<string, string[]>,
};

/** SQLite stores integers, booleans and times as INTEGER; PostgreSQL has a type for each. */
const KIND: Record<string, string> = {
  integer: 'integer',
  bigint: 'integer',
  boolean: 'integer',
  text: 'text',
  blob: 'bytes',
  bytea: 'bytes',
};

/** `'free'::text` → `'free'`; SQLite's `true` and PostgreSQL's `true` alike. */
const normalDefault = (value: string | null) => (value === null ? null : value.replace(/::[a-z ]+$/, ''));

function sqliteSchema(store: SqliteStore): Schema {
  const all = <R>(sql: string) => store.sqlite.prepare(sql).all() as R[];
  const tables = all<{ name: string; sql: string }>(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' " +
      "AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'",
  );
  return Object.fromEntries(
    tables.map(({ name, sql }) => {
      const columns = all<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>(
        `PRAGMA table_info(${name})`,
      );
      const indexes = all<{ name: string; unique: number; origin: string }>(`PRAGMA index_list(${name})`).filter(
        (index) => index.origin !== 'pk',
      );
      const foreignKeys = all<{ table: string; from: string; to: string; on_delete: string }>(
        `PRAGMA foreign_key_list(${name})`,
      );
      const table: Table = {
        columns: Object.fromEntries(
          columns.map((column) => [
            column.name,
            {
              kind: KIND[column.type.toLowerCase()],
              // SQLite lets a text primary key hold NULL unless declared NOT NULL; drizzle declares it
              notNull: column.notnull === 1 || column.pk > 0,
              default: normalDefault(column.dflt_value),
            },
          ]),
        ),
        primaryKey: columns
          .filter((column) => column.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((column) => column.name),
        indexes: Object.fromEntries(
          indexes.map((index) => [
            index.name,
            {
              columns: all<{ name: string }>(`PRAGMA index_info(${index.name})`).map((column) => column.name),
              unique: index.unique === 1,
            },
          ]),
        ),
        foreignKeys: foreignKeys
          .map((key) => `${key.from} -> ${key.table}(${key.to}) on delete ${key.on_delete.toLowerCase()}`)
          .sort(),
        checks: [...sql.matchAll(/CONSTRAINT "([^"]+)" CHECK/g)].map((match) => match[1]).sort(),
      };
      return [name, table];
    }),
  );
}

async function postgresSchema(client: pg.Client): Promise<Schema> {
  const rows = async <R>(sql: string) => (await client.query(sql)).rows as R[];
  const tables = await rows<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'",
  );
  const schema: Schema = {};
  for (const { name } of tables) {
    const columns = await rows<{ name: string; type: string; nullable: string; default: string | null }>(
      `SELECT column_name AS name, data_type AS type, is_nullable AS nullable, column_default AS default
       FROM information_schema.columns WHERE table_schema = 'public' AND table_name = '${name}'`,
    );
    const indexes = await rows<{ name: string; unique: boolean; primary: boolean; columns: string[] }>(
      `SELECT i.relname AS name, x.indisunique AS unique, x.indisprimary AS primary,
              array(SELECT a.attname FROM unnest(x.indkey) WITH ORDINALITY AS k(attnum, n)
                    JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum
                    ORDER BY k.n)::text[] AS columns
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
       WHERE t.relname = '${name}' AND t.relnamespace = 'public'::regnamespace`,
    );
    const constraints = await rows<{ type: string; name: string; definition: string }>(
      `SELECT contype AS type, conname AS name, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE conrelid = 'public.${name}'::regclass`,
    );
    schema[name] = {
      columns: Object.fromEntries(
        columns.map((column) => [
          column.name,
          { kind: KIND[column.type], notNull: column.nullable === 'NO', default: normalDefault(column.default) },
        ]),
      ),
      primaryKey: indexes.find((index) => index.primary)?.columns ?? [],
      indexes: Object.fromEntries(
        indexes
          .filter((index) => !index.primary)
          .map((index) => [index.name, { columns: index.columns, unique: index.unique }]),
      ),
      foreignKeys: constraints
        .filter((constraint) => constraint.type === 'f')
        .map((constraint) => {
          const match = /^FOREIGN KEY \((\w+)\) REFERENCES (\w+)\((\w+)\)(?: ON DELETE ([A-Z ]+))?/.exec(
            constraint.definition,
          );
          if (!match) throw new Error(`unexpected foreign key ${constraint.definition}`);
          return `${match[1]} -> ${match[2]}(${match[3]}) on delete ${(match[4] ?? 'no action').toLowerCase()}`;
        })
        .sort(),
      checks: constraints
        .filter((constraint) => constraint.type === 'c')
        .map((constraint) => constraint.name)
        .sort(),
    };
  }
  return schema;
}

/** PostgreSQL's schema without what it has on purpose and SQLite lacks. */
function withoutPostgresOnly(schema: Schema): Schema {
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([name]) => !POSTGRES_ONLY.tables.includes(name))
      .map(([name, table]) => {
        const extra = POSTGRES_ONLY.columns[name] ?? [];
        const columns = Object.fromEntries(Object.entries(table.columns).filter(([column]) => !extra.includes(column)));
        return [name, { ...table, columns }];
      }),
  );
}

let dir: string;
let sqlite: SqliteStore;
let database: TestPostgresDatabase;
let client: pg.Client;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wm-parity-'));
  sqlite = openSqliteStore(join(dir, 'wm.db'));
  database = await freshPostgresDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});
afterAll(async () => {
  await client.end();
  await database.release();
  await sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the SQLite and PostgreSQL schemas', () => {
  it('read back as something to compare (the comparison can fail)', async () => {
    const fromSqlite = sqliteSchema(sqlite);
    expect(fromSqlite.users.columns.balance).toEqual({ kind: 'integer', notNull: true, default: '0' });
    expect(fromSqlite.users.checks).toEqual(['users_balance_non_negative']);
    expect(fromSqlite.api_tokens.foreignKeys).toContain('channel_id -> channels(id) on delete cascade');
    const fromPostgres = await postgresSchema(client);
    expect(fromPostgres.usage_counters.primaryKey).toEqual(['user_id', 'period_start']);
    expect(fromPostgres.channels.indexes.channels_user_name_unique).toEqual({
      columns: ['user_id', 'name'],
      unique: true,
    });
  });

  it('have the same tables, columns, keys, constraints and indexes', async () => {
    const fromSqlite = sqliteSchema(sqlite);
    const fromPostgres = withoutPostgresOnly(await postgresSchema(client));
    expect(Object.keys(fromPostgres).sort()).toEqual(Object.keys(fromSqlite).sort());
    for (const name of Object.keys(fromSqlite)) expect(fromPostgres[name], name).toEqual(fromSqlite[name]);
  });

  it('differ only where PostgreSQL keeps what SQLite has implicitly or in memory', async () => {
    const fromPostgres = await postgresSchema(client);
    for (const table of POSTGRES_ONLY.tables) expect(fromPostgres[table], table).toBeDefined();
    for (const [table, columns] of Object.entries(POSTGRES_ONLY.columns)) {
      for (const column of columns) expect(fromPostgres[table].columns[column], `${table}.${column}`).toBeDefined();
    }
  });
});
