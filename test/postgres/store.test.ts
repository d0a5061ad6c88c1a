import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, PendingMigrationsError } from '../../src/store/index.js';
import { openPostgresStore, type PostgresStore } from '../../src/store/postgres/index.js';
import { freePort } from './cluster.js';
import { emptyPostgresDatabase } from '../database.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emptyDatabase(): Promise<string> {
  const database = await emptyPostgresDatabase();
  cleanups.push(database.drop);
  return database.url;
}

async function open(url: string, migrations: 'apply' | 'refuse'): Promise<PostgresStore> {
  const store = await openPostgresStore(url, { migrations });
  cleanups.push(() => store.close());
  return store;
}

async function appliedRows(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).rows[0].n as number;
  } finally {
    await client.end();
  }
}

describe('PostgreSQL migrations', () => {
  it('refuses a database with pending migrations, naming the way out', async () => {
    const url = await emptyDatabase();
    const refused = open(url, 'refuse');
    await expect(refused).rejects.toBeInstanceOf(PendingMigrationsError);
    await expect(refused).rejects.toThrow(/pending migration\(s\): run `wm db migrate`/);
    const store = await open(url, 'apply');
    expect((await store.describe()).migrationsApplied).toBe(await appliedRows(url));
    await open(url, 'refuse');
  });

  it('applies each migration once when several instances start together with --migrate', async () => {
    const url = await emptyDatabase();
    const stores = await Promise.all(Array.from({ length: 4 }, () => open(url, 'apply')));
    expect(stores).toHaveLength(4);
    const known = (await stores[0].describe()).migrationsApplied;
    expect(known).toBeGreaterThan(0);
    expect(await appliedRows(url)).toBe(known);
  });

  it('refuses a database migrated by a newer wm', async () => {
    const url = await emptyDatabase();
    await (await open(url, 'apply')).close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('future', 99999999999999)`);
    await client.end();
    await expect(open(url, 'refuse')).rejects.toThrow(/migrated by a newer version of wm/);
  });
});

describe('an unreachable PostgreSQL server', () => {
  it('is a DatabaseUnavailableError naming the database, without its password', async () => {
    const url = `postgres://wm:secret-password@127.0.0.1:${await freePort()}/wm`;
    const failure = await openPostgresStore(url, { migrations: 'refuse' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DatabaseUnavailableError);
    expect((failure as Error).message).toMatch(
      /^cannot reach the database at postgres:\/\/wm:\*\*\*@127\.0\.0\.1:\d+\/wm: /,
    );
    expect((failure as Error).message).not.toContain('secret-password');
    expect((failure as DatabaseUnavailableError).code).toBe('EDATABASEUNAVAILABLE');
  });

  it('is one too when its host name does not resolve (DNS may lose a database while it fails over)', async () => {
    const url = 'postgres://wm:pw@no-such-host.invalid:5432/wm';
    const failure = await openPostgresStore(url, { migrations: 'refuse' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DatabaseUnavailableError);
    expect((failure as Error).message).toMatch(
      /^cannot reach the database at postgres:\/\/wm:\*\*\*@no-such-host\.invalid/,
    );
  });
});

describe('the callers of API tokens', () => {
  it('are read for all the requests of one event-loop turn in one statement, never cached', async () => {
    const database = await emptyDatabase();
    const store = await open(database, 'apply');
    const user = await store.users.insert({
      id: 'u1',
      email: 'turn@example.com',
      username: 'turn',
      usernameKeys: { key: 'turn', keyCased: 'turn' },
      firstName: null,
      lastName: null,
      passwordHash: 'x',
      emailVerifiedAt: 1,
      plan: 'pro',
      createdAt: 1,
    });
    const tokens = await Promise.all(
      ['a', 'b'].map((name) =>
        store.apiTokens.insert({
          id: name,
          userId: user!.id,
          name,
          tokenHash: `hash-${name}`,
          tokenPrefix: 'wm_',
          permissions: ['decode'],
          channelId: null,
          sign: false,
          encrypt: true,
          createdAt: 1,
        }),
      ),
    );
    let statements = 0;
    const query = store.pool.query.bind(store.pool);
    store.pool.query = ((...args: Parameters<typeof query>) => {
      statements += 1;
      return query(...args);
    }) as typeof store.pool.query;
    const hashes = ['hash-a', 'hash-b', 'hash-a', 'unknown', 'hash-b'];
    const callers = await Promise.all(hashes.map((hash) => store.apiTokens.callerByHash(hash, 0)));
    expect(statements).toBe(1);
    expect(callers.map((caller) => caller?.tokenId)).toEqual(['a', 'b', 'a', undefined, 'b']);
    expect(callers[0]).toMatchObject({ userId: 'u1', plan: 'pro', permissions: ['decode'], requestsMade: 0 });
    // revoked, then asked for again: a new turn reads the database again
    await store.apiTokens.delete(tokens[0].id);
    expect(await store.apiTokens.callerByHash('hash-a', 0)).toBeUndefined();
  });
});
