import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { schema } from '../src/store/postgres/schema.js';

/**
 * The database the suites of this vitest project run against: the `postgres` project (vitest.config.ts) runs the
 * store, domain and HTTP suites again on a PostgreSQL server it started itself (test/postgres/global-setup.ts).
 */
export type TestDatabase = 'sqlite' | 'postgres';

const server = inject('postgresServer') as string | undefined;
export const TEST_DATABASE: TestDatabase = server ? 'postgres' : 'sqlite';

let admin: pg.Client | undefined;

async function adminClient(): Promise<pg.Client> {
  if (!server) throw new Error('no PostgreSQL server in this project');
  if (!admin) {
    const client = new pg.Client({ connectionString: `${server}postgres` });
    await client.connect();
    admin = client;
  }
  return admin;
}

/** The tables of the schema, emptied between tests (PostgreSQL-only ones too). */
const TABLES = Object.values(schema).map((table) => getTableConfig(table).name);

/** Databases of this worker that a finished test gave back, each with a connection that empties it. */
const idle: { name: string; client: pg.Client }[] = [];

export interface TestPostgresDatabase {
  url: string;
  /** the test changed the schema (a trigger, …): drop the database instead of reusing it */
  spoil(): void;
  /** gives the database back (its connections must be closed) */
  release(): Promise<void>;
}

/**
 * An empty, migrated PostgreSQL database for one test. Creating one costs a file copy of the template and a
 * checkpoint (tenths of a second on a busy machine), so a finished test's database is emptied and reused.
 */
export async function freshPostgresDatabase(): Promise<TestPostgresDatabase> {
  const reused = idle.pop();
  const { name, client } = reused ?? (await createDatabase());
  if (reused) await client.query(`TRUNCATE ${TABLES.join(', ')} RESTART IDENTITY CASCADE`);
  let spoiled = false;
  return {
    url: `${server}${name}`,
    spoil: () => void (spoiled = true),
    release: async () => {
      if (!spoiled) return void idle.push({ name, client });
      await client.end();
      await (await adminClient()).query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function createDatabase(): Promise<{ name: string; client: pg.Client }> {
  const name = `wm_${randomBytes(6).toString('hex')}`;
  await (await adminClient()).query(`CREATE DATABASE ${name} TEMPLATE wm_template STRATEGY FILE_COPY`);
  const client = new pg.Client({ connectionString: `${server}${name}` });
  await client.connect();
  return { name, client };
}

/** An empty PostgreSQL database (no schema at all), for migration and copy tests. */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `wm_${randomBytes(6).toString('hex')}`;
  const client = await adminClient();
  await client.query(`CREATE DATABASE ${name}`);
  return {
    url: `${server}${name}`,
    drop: async () => void (await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

/** `?` placeholders → PostgreSQL's `$1, $2, …` (the tests write their raw SQL once, for both databases). */
export const numberedPlaceholders = (text: string): string => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};

/** Drops this test file's databases and ends its connections (test/postgres/after-file.ts runs it). */
export async function closePostgresTestDatabases(): Promise<void> {
  const client = admin;
  admin = undefined;
  for (const { name, client: own } of idle.splice(0)) {
    await own.end();
    await client?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  await client?.end();
}
