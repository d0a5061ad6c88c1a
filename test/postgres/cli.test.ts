import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, makeTempDir, runWm, WM } from '../cli/codec-harness.js';
import { startServe } from '../server/serve-process.js';
import { emptyPostgresDatabase } from '../database.js';
import { freePort } from './cluster.js';

/**
 * The CLI on PostgreSQL, through the built bin/wm.js: `--database` and WM_DATABASE_URL on the admin commands, the
 * codec commands' --channel and wm serve; `wm db migrate`; what wm serve refuses at start.
 */

const temp = makeTempDir();
const masterKey = randomBytes(32).toString('hex');
let database: { url: string; drop(): Promise<void> };
const env = () => ({
  WM_SCRYPT_LN: '10',
  WM_HOME: temp.path('home'),
  WM_MASTER_KEY: masterKey,
  WM_DATABASE_URL: undefined,
});
const wm = (args: string[], options: { env?: Record<string, string | undefined>; input?: string } = {}) =>
  runWm(args, { env: { ...env(), ...options.env }, input: options.input });
/** `wm serve …` that must refuse to start: killed after 20 s if it serves instead, so no server is left behind. */
const refusedServe = (args: string[], extraEnv: Record<string, string | undefined> = {}) => {
  const run = spawnSync(process.execPath, [WM, 'serve', '--port', '0', ...args], {
    env: cleanEnv({ ...env(), ...extraEnv }),
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
};
const json = async (args: string[], input?: string) => {
  const run = await wm([...args, '--json'], { input });
  expect(run.stderr, args.join(' ')).toBe('');
  expect(run.code, args.join(' ')).toBe(0);
  return JSON.parse(run.out) as Record<string, unknown>;
};

beforeAll(async () => {
  database = await emptyPostgresDatabase();
});
afterAll(async () => {
  await database.drop();
  temp.remove();
});

describe('wm on a PostgreSQL database', () => {
  it('refuses to work on a database that is not migrated, then migrates it with wm db migrate', async () => {
    const refused = await wm(['users', 'list', '--database', database.url]);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/pending migration\(s\): run `wm db migrate`/);
    const migrated = await json(['db', 'migrate', '--database', database.url]);
    expect(migrated).toMatchObject({ engine: 'postgresql', migrations_applied: expect.any(Number) });
    expect(migrated.database).toBe(database.url);
  });

  it('runs every admin command with --database or WM_DATABASE_URL, and wm db info describes PostgreSQL', async () => {
    await json(
      ['users', 'create', '--database', database.url, '--email', 'ada@example.com', '--username', 'ada'].concat(
        '--verified',
        '--plan',
        'pro',
        '--password-stdin',
      ),
      'correct horse 42\n',
    );
    const viaEnv = { env: { WM_DATABASE_URL: database.url } };
    const users = await wm(['users', 'list', '--json'], viaEnv);
    expect((JSON.parse(users.out) as { users: unknown[] }).users).toHaveLength(1);
    await json(['credits', 'grant', 'ada@example.com', '25', '--database', database.url]);
    await json(['channels', 'create', 'main', '--user', 'ada@example.com', '--database', database.url]);
    const info = await json(['db', 'info', '--database', database.url]);
    expect(info).toMatchObject({
      engine: 'postgresql',
      server_version: expect.stringMatching(/^\d+/),
      pool_size: 10,
      master_key: 'from WM_MASTER_KEY',
      counts: { users: 1, api_tokens: 0, channels: 1 },
    });
    // a password given as a query parameter is hidden like one in user:password@ (the test server trusts all)
    const withPassword = `${database.url}?password=s3cret-pw`;
    const human = await wm(['db', 'info', '--database', withPassword]);
    expect(human.code, human.stderr).toBe(0);
    expect(human.out).toContain('?password=***');
    expect(human.out + human.stderr).not.toContain('s3cret-pw');
    expect(
      ((await json(['credits', 'show', 'ada@example.com', '--database', database.url])) as { balance: number }).balance,
    ).toBe(125);
  });

  it('encodes and decodes with a channel key stored in PostgreSQL (--channel with --database)', async () => {
    const channel = ['--channel', 'main', '--user', 'ada@example.com', '--database', database.url];
    const encoded = await wm(['encode', '--secret', 'hidden', ...channel], {
      input: 'Every word here can carry a mark.',
    });
    expect(encoded.code, encoded.stderr).toBe(0);
    const decoded = await wm(['decode', ...channel], { input: encoded.out });
    expect(decoded.code, decoded.stderr).toBe(0);
    expect(decoded.out.trim()).toBe('hidden');
  });

  it('runs the maintenance commands on it: new-signing-key, scan --channel, prune, rotate-master-key', async () => {
    const owner = ['--user', 'ada@example.com', '--database', database.url];
    // its first signing key, then a rotation: the first is retired and kept
    await json(['channels', 'new-signing-key', 'main', ...owner]);
    const rotated = (await json(['channels', 'new-signing-key', 'main', ...owner])) as {
      channel: { signing_keys: { retired_at: string | null }[] };
    };
    expect(rotated.channel.signing_keys.map((key) => key.retired_at === null)).toEqual([true, false]);

    const tree = temp.path('tree');
    mkdirSync(tree);
    const marked = await wm(['encode', '--secret', 'found in a tree', '--channel', 'main', ...owner], {
      input: 'Every word here can carry a mark, and a scan finds it.',
    });
    writeFileSync(join(tree, 'marked.txt'), marked.out);
    const scan = await wm(['scan', tree, '--channel', 'main', ...owner]);
    expect(scan.code, scan.stderr).toBe(0);
    expect(scan.out).toContain('"found in a tree"');

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(
      `INSERT INTO credit_ledger (user_id, operation, credits, balance_after, created_at)
       SELECT id, 'decode', 0, balance, $1 FROM users WHERE email = 'ada@example.com'`,
      [Date.UTC(2020, 0, 1)],
    );
    await client.end();
    const pruned = await json(['db', 'prune', '--usage-older-than', '1y', '--database', database.url]);
    expect(pruned).toMatchObject({ entries_deleted: 1 });

    // every instance stopped, the key rotated once, then everything runs with the new key (and back, for the rest)
    const next = randomBytes(32).toString('hex');
    const rotation = await wm(['db', 'rotate-master-key', '--database', database.url, '--new-key-env', 'NEXT_KEY'], {
      env: { NEXT_KEY: next },
    });
    expect(rotation.code, rotation.stderr).toBe(0);
    expect(rotation.out).toMatch(
      /Re-sealed 1 channel key\(s\), 2 signing key\(s\), 0 fingerprint key\(s\) and 0 C2PA key\(s\)/,
    );
    const withOld = await wm(['decode', '--channel', 'main', ...owner], { input: marked.out });
    expect(withOld.code).toBe(4);
    expect(withOld.stderr).toMatch(/the master key does not open the key of channel/);
    const withNew = await wm(['decode', '--channel', 'main', ...owner], {
      input: marked.out,
      env: { WM_MASTER_KEY: next },
    });
    expect(withNew.out.trim()).toBe('found in a tree');
    const back = await wm(['db', 'rotate-master-key', '--database', database.url, '--new-key-env', 'OLD_KEY'], {
      env: { WM_MASTER_KEY: next, OLD_KEY: masterKey },
    });
    expect(back.code, back.stderr).toBe(0);
  });

  it('refuses a database URL that is not PostgreSQL, and a pool size without one, naming the setting', async () => {
    const wrong = await wm(['users', 'list', '--database', 'mysql://user:pw@host/db']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/--database must be a PostgreSQL URL .*got "mysql:\/\/user:\*\*\*@host\/db"/);
    const pool = refusedServe(['--database-pool-size', '4']);
    expect(pool.code).toBe(2);
    expect(pool.stderr).toMatch(/applies to a PostgreSQL database only/);
  });

  it('asks for the shared master key instead of making one', async () => {
    const run = await wm(['users', 'list', '--database', database.url], { env: { WM_MASTER_KEY: undefined } });
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/no master key: every instance and command on a shared database needs the same one/);
  });
});

describe('wm db backup and restore with a PostgreSQL database named', () => {
  it('refuse it, naming pg_dump and pg_restore, before touching any data folder', async () => {
    const single = temp.path('single');
    expect((await wm(['db', 'migrate', '--home', single])).code).toBe(0);
    const file = temp.path('single.backup');
    expect((await wm(['db', 'backup', file, '--home', single])).code).toBe(0);
    const backup = await wm(['db', 'backup', temp.path('other.backup'), '--home', single, '--database', database.url]);
    expect(backup.code).toBe(2);
    expect(backup.stderr).toMatch(/back up a PostgreSQL database with pg_dump/);
    expect(existsSync(temp.path('other.backup'))).toBe(false);
    const target = temp.path('restored');
    for (const run of [
      await wm(['db', 'restore', file, '--home', target, '--database', database.url]),
      await wm(['db', 'restore', file, '--home', target], { env: { WM_DATABASE_URL: database.url } }),
    ]) {
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/a PostgreSQL database is restored from its dump with pg_restore/);
    }
    expect(existsSync(target)).toBe(false);
  });
});

describe('wm serve on a PostgreSQL database', () => {
  it('refuses pending migrations unless --migrate, then serves', async () => {
    const fresh = await emptyPostgresDatabase();
    try {
      const refused = refusedServe(['--database', fresh.url]);
      expect(refused.code).toBe(4);
      expect(refused.stderr).toMatch(/pending migration\(s\)/);
      const serve = await startServe(
        temp.path('home'),
        {
          ...process.env,
          ...env(),
          WM_DATABASE_URL: fresh.url,
        },
        ['--migrate'],
      );
      try {
        const health = await fetch(`${serve.url}/healthz`);
        expect(health.status).toBe(200);
        expect(serve.output()).toMatch(/database: {4}postgres:\/\/.* \(PostgreSQL, shared\)/);
      } finally {
        await serve.stop();
      }
    } finally {
      await fresh.drop();
    }
  });

  it('refuses to start with a master key that does not open the stored channel keys', async () => {
    const run = refusedServe(['--database', database.url], { WM_MASTER_KEY: randomBytes(32).toString('hex') });
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/the master key from WM_MASTER_KEY does not open the channel keys in the database/);
  });

  it('exits with a clear error when the database cannot be reached', async () => {
    const url = `postgres://wm:pw@127.0.0.1:${await freePort()}/wm`;
    const run = refusedServe(['--database', url]);
    expect(run.code).toBe(4);
    // one line, the error: no outage report before it
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^wm: cannot reach the database at postgres:\/\/wm:\*\*\*@127\.0\.0\.1:\d+\/wm: [^\n]+\n$/,
    );
    // a database the server does not have is named too, not only in the server's words
    const missing = refusedServe(['--database', `${database.url}_missing`]);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toMatch(
      /^wm: cannot use the database at postgres:.*_missing: database ".*_missing" does not exist/,
    );
  });
});
