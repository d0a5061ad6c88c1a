import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createDomain,
  DomainError,
  type CreateDomainOptions,
  type Domain,
  type DomainConfig,
} from '../../src/domain/index.js';
import type { Store } from '../../src/store/index.js';
import { openPostgresStore, type PostgresStore } from '../../src/store/postgres/index.js';
import { openSqliteStore, type SqliteStore } from '../../src/store/sqlite/index.js';
import { freshPostgresDatabase, numberedPlaceholders, TEST_DATABASE, type TestDatabase } from '../database.js';

/** Low scrypt cost for speed; the default (OWASP) is asserted in its own test. */
export const TEST_SCRYPT_LN = 10;
export const PASSWORD = 'correct horse 42';

/** Where the fixture's data is, for another process to open it: the SQLite file or the PostgreSQL URL. */
export type DatabaseSpec = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface Fixture {
  dir: string;
  /** which database this run's suites use (the vitest project) */
  database: TestDatabase;
  spec: DatabaseSpec;
  store: Store;
  domain: Domain;
  masterKey: Uint8Array;
  clock: { now: Date; advance(seconds: number): void };
  /** raw SQL on the fixture's database, `?` placeholders, for the tests that reach under the port */
  sql<R = Record<string, unknown>>(text: string, ...params: unknown[]): Promise<R[]>;
  /** another connection to the same database, as a second server process would have */
  reopen(): Promise<{ store: Store; domain: Domain }>;
  close(): Promise<void>;
}

/**
 * A domain over a fresh database of this project's kind (SQLite in a temporary folder, or a PostgreSQL database of
 * its own). `options`: the rest of createDomain's options (e.g. a hash gate the test holds).
 */
export async function makeFixture(
  config: Partial<DomainConfig> = {},
  options: Pick<CreateDomainOptions, 'hashGate' | 'limiterState' | 'work'> = {},
): Promise<Fixture> {
  const dir = mkdtempSync(join(tmpdir(), 'wm-domain-'));
  const masterKey = randomBytes(32);
  const clock = {
    now: new Date('2025-03-10T12:00:00Z'),
    advance(seconds: number) {
      clock.now = new Date(clock.now.getTime() + seconds * 1000);
    },
  };
  const database = TEST_DATABASE === 'postgres' ? await freshPostgresDatabase() : undefined;
  const spec: DatabaseSpec = database
    ? { kind: 'postgres', url: database.url }
    : { kind: 'sqlite', file: join(dir, 'wm.db') };
  const stores: Store[] = [];
  const build = async () => {
    const store: Store =
      spec.kind === 'postgres'
        ? await openPostgresStore(spec.url, { migrations: 'refuse' })
        : openSqliteStore(spec.file);
    stores.push(store);
    const domain = createDomain({
      store,
      masterKey,
      config: { scryptLogN: TEST_SCRYPT_LN, ...config },
      now: () => clock.now,
      ...options,
    });
    return { store, domain };
  };
  const first = await build();
  const sql = async <R>(text: string, ...params: unknown[]): Promise<R[]> => {
    if (/^\s*(create|alter|drop)\b/i.test(text)) database?.spoil();
    if (spec.kind === 'postgres') {
      return (await (first.store as PostgresStore).pool.query(numberedPlaceholders(text), params)).rows as R[];
    }
    const statement = (first.store as SqliteStore).sqlite.prepare(text);
    return statement.reader ? (statement.all(...params) as R[]) : (statement.run(...params), []);
  };
  return {
    dir,
    database: TEST_DATABASE,
    spec,
    ...first,
    masterKey,
    clock,
    sql,
    reopen: build,
    async close() {
      for (const store of stores.splice(0)) await store.close();
      await database?.release();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * What an attacker holding the database would read. SQLite: the raw bytes of the database and its write-ahead log.
 * PostgreSQL: every row of every table as text (bytea as hex), as a dump of the database would show them.
 */
export async function databaseBytes(f: Fixture): Promise<Buffer> {
  if (f.database === 'postgres') {
    const tables = await f.sql<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    const rows = await Promise.all(
      tables.map(({ name }) => f.sql<{ row: string }>(`SELECT t::text AS row FROM ${name} t`)),
    );
    return Buffer.from(
      rows
        .flat()
        .map(({ row }) => row)
        .join('\n'),
    );
  }
  const files = ['wm.db', 'wm.db-wal'].map((name) => join(f.dir, name)).filter(existsSync);
  return Buffer.concat(files.map((file) => readFileSync(file)));
}

let counter = 0;

/** Registers a user; `verified` and `plan` go through the admin path. */
export async function makeUser(
  domain: Domain,
  options: { verified?: boolean; plan?: 'free' | 'starter' | 'pro'; email?: string } = {},
) {
  counter += 1;
  const email = options.email ?? `user${counter}@example.com`;
  const registration = await domain.accounts.register({ email, username: `user${counter}`, password: PASSWORD });
  if (options.verified) await domain.admin.verifyUser(email);
  if (options.plan) await domain.admin.setPlan(email, options.plan);
  return { ...registration, email, id: registration.user.id };
}

/** The DomainError a piece of work (sync or async) is refused with; anything else fails the test. */
export async function refusal(work: () => unknown): Promise<DomainError> {
  try {
    await work();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}
