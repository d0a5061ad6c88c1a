import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDomain } from '../../src/domain/index.js';
import { openSqliteStore, type SqliteStore } from '../../src/store/sqlite/index.js';
import { runWm } from '../cli/codec-harness.js';
import { emptyPostgresDatabase } from '../database.js';
import { refreshCookieOf } from '../reliability/live-server.js';
import { startServe } from '../server/serve-process.js';
import { generatedProse } from '../../packages/codec/test/variants/generated-prose.js';
import { MEMO } from '../domain/copies/texts.js';

/**
 * `wm db copy` moves a SQLite installation with real data (accounts, sessions, channels, tokens, charges, counters)
 * into an empty PostgreSQL database: compared table by table, row by row, then used through HTTP by `wm serve`.
 */

const PASSWORD = 'correct horse 42';
const CARRIER = 'Every word of this sentence can carry a little of the hidden message for us.';
const TABLES: Record<string, string> = {
  users: 'id',
  email_verifications: 'id',
  password_resets: 'id',
  refresh_tokens: 'id',
  channels: 'id',
  signing_keys: 'key_id',
  api_tokens: 'id',
  credit_ledger: 'id',
  usage_counters: 'user_id, period_start',
  ledger_retention: 'id',
  fingerprint_keys: 'owner_id',
  documents: 'id',
  document_hashes: 'document_id, hash',
  copies: 'id',
  document_variants: 'document_id',
};

let dir: string;
let masterKey: Buffer;
let target: { url: string; drop(): Promise<void> };
/** what the SQLite installation handed out before the move */
let before: {
  refreshCookie: string;
  keyedToken: string;
  encoded: string;
  daveCopy: string;
  balance: number;
  email: string;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wm-copy-'));
  masterKey = randomBytes(32);
  const store = openSqliteStore(join(dir, 'wm.db'));
  const domain = createDomain({ store, masterKey, config: { scryptLogN: 10 } });
  const ada = await domain.accounts.register({ email: 'ada@example.com', username: 'ada', password: PASSWORD });
  await domain.accounts.verifyEmail(ada.verificationToken);
  // a pending password-reset link, copied with its id like the verifications
  await domain.recovery.issuePasswordReset('ada@example.com');
  await domain.admin.setPlan('ada@example.com', 'starter');
  await domain.admin.grantCredits('ada@example.com', 50);
  const login = await domain.sessions.login({ email: 'ada@example.com', password: PASSWORD });
  const rotated = await domain.sessions.refresh(login.refreshToken);
  const channel = await domain.channels.create(ada.user.id, 'main', { signing: true, keys_public: true });
  // a retired key beside the current one
  await domain.admin.newSigningKey('ada@example.com', 'main');
  await domain.admin.approvePublication('ada@example.com', 'main');
  await domain.channels.create(ada.user.id, 'old');
  await domain.admin.deactivateChannel('ada@example.com', 'old');
  const keyed = await domain.apiTokens.create(ada.user.id, {
    name: 'keyed',
    permissions: ['encode', 'decode'],
    signing_channel_id: channel.id,
    sign: true,
  });
  await domain.apiTokens.create(ada.user.id, { name: 'plain', permissions: ['decode'] });
  const encoded = (await domain.watermark.encode(keyed.token, { text: CARRIER, secret: 'moved intact' })).encoded;
  await domain.watermark.decode(keyed.token, { text: encoded });
  const issued = await domain.accountOperations.forCaller(keyed.token)('issue_copies', {
    text: MEMO,
    recipients: ['carol', 'dave'],
    name: 'memo.txt',
  });
  // copies with visible variants: the document's variant record goes too
  await domain.accountOperations.forCaller(keyed.token)('issue_copies', {
    text: generatedProse(3, 3000),
    recipients: ['erin', 'frank'],
    name: 'report.txt',
    variants: {},
  });
  await domain.accounts.register({ email: 'bob@example.com', username: 'bob', password: PASSWORD });
  await domain.admin.suspend('bob@example.com', 'payment dispute');
  // what a prune records (one that deleted nothing here: the history is all of today)
  await store.ledger.markCompleteSince(Date.UTC(2020, 0, 1));
  const balance = (await domain.admin.credits('ada@example.com')).balance;
  await store.close();
  before = {
    refreshCookie: `refreshToken=${rotated.refreshToken}`,
    keyedToken: keyed.token,
    encoded,
    daveCopy: issued.copies[1].text,
    balance,
    email: 'ada@example.com',
  };
  target = await emptyPostgresDatabase();
});
afterAll(async () => {
  await target.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** Every value as text (SQLite's 0/1 booleans as PostgreSQL's), blobs as hex, so both databases compare alike. */
const normal = (value: unknown): unknown =>
  value === null
    ? null
    : Buffer.isBuffer(value)
      ? value.toString('hex')
      : typeof value === 'boolean'
        ? String(Number(value))
        : String(value as string | number);

async function rowsOf(table: string, sqlite: SqliteStore, client: pg.Client) {
  const order = TABLES[table];
  const fromSqlite = sqlite.sqlite.prepare(`SELECT * FROM ${table} ORDER BY ${order}`).all() as Record<
    string,
    unknown
  >[];
  const fromPostgres = (await client.query(`SELECT * FROM ${table} ORDER BY ${order}`)).rows as Record<
    string,
    unknown
  >[];
  const columns = Object.keys(fromSqlite[0] ?? {});
  const pick = (row: Record<string, unknown>) => Object.fromEntries(columns.map((c) => [c, normal(row[c])]));
  return { sqlite: fromSqlite.map(pick), postgres: fromPostgres.map(pick) };
}

describe('wm db copy', () => {
  it('copies every table row by row into an empty PostgreSQL database', async () => {
    const copied = await runWm(['db', 'copy', '--from', dir, '--to', target.url, '--json'], {
      env: { WM_HOME: undefined },
    });
    expect(copied.code, copied.stderr).toBe(0);
    const result = JSON.parse(copied.out) as { rows: Record<string, number> };
    const sqlite = openSqliteStore(join(dir, 'wm.db'), { create: false });
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      for (const table of Object.keys(TABLES)) {
        const { sqlite: expected, postgres: actual } = await rowsOf(table, sqlite, client);
        expect(expected.length, table).toBeGreaterThan(0);
        expect(actual, table).toEqual(expected);
        expect(result.rows[table], table).toBe(expected.length);
      }
    } finally {
      await client.end();
      await sqlite.close();
    }
  });

  it('refuses to copy into a database that holds data already, and changes nothing there', async () => {
    const again = await runWm(['db', 'copy', '--from', join(dir, 'wm.db'), '--to', target.url]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/is not empty \(users: 2 rows\): wm db copy fills a new, empty database only/);
  });

  it('refuses while a wm serve runs on the data folder (it would go on charging there); writes nothing', async () => {
    const serve = await startServe(dir, { ...process.env, WM_HOME: '', WM_MASTER_KEY: masterKey.toString('hex') });
    const empty = await emptyPostgresDatabase();
    try {
      for (const from of [dir, join(dir, 'wm.db')]) {
        const refused = await runWm(['db', 'copy', '--from', from, '--to', empty.url]);
        expect(refused.code).toBe(4);
        expect(refused.stderr).toMatch(/a wm serve .* is using the data folder .*; stop it first/);
      }
      const client = new pg.Client({ connectionString: empty.url });
      await client.connect();
      const tables = await client.query("SELECT 1 FROM information_schema.tables WHERE table_schema = 'public'");
      await client.end();
      expect(tables.rowCount).toBe(0);
    } finally {
      await serve.stop();
      await empty.drop();
    }
  });

  it('serves the copy through HTTP: password, session, keyed token, history and new records go on', async () => {
    const home = join(dir, 'instance');
    const serve = await startServe(home, {
      ...process.env,
      WM_SCRYPT_LN: '10',
      WM_HOME: '',
      WM_SMTP_URL: '',
      WM_MASTER_KEY: masterKey.toString('hex'),
      WM_DATABASE_URL: target.url,
    });
    const api = (method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) =>
      fetch(`${serve.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...init.headers },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    try {
      // the session started on SQLite goes on
      const refreshed = await api('POST', '/api/auth/refresh', { headers: { cookie: before.refreshCookie } });
      expect(refreshed.status).toBe(200);
      expect(refreshCookieOf(refreshed.headers)).toBeDefined();
      // the password hash was copied
      const login = await api('POST', '/api/auth/login', { body: { email: before.email, password: PASSWORD } });
      expect(login.status).toBe(200);
      const auth = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
      // the keyed token reads what it marked before the move, with the copied channel key, and is charged
      const decoded = await api('POST', '/api/watermark/decode', {
        headers: { authorization: `Token ${before.keyedToken}` },
        body: { text: before.encoded },
      });
      expect(decoded.status).toBe(200);
      const answer = (await decoded.json()) as { decoded: string; signature: { status: string } };
      expect(answer.decoded).toBe('moved intact');
      // signed before the move with the copied signing key, whose public part the copy publishes
      expect(answer.signature.status).toBe('valid');
      const keySet = (await (await api('GET', '/.well-known/wm-keys.json')).json()) as { keys: unknown[] };
      expect(keySet.keys).toHaveLength(2);
      const balance = (await (await api('GET', '/api/v2/credits/balance', { headers: auth })).json()) as {
        balance: number;
      };
      expect(balance.balance).toBe(before.balance - 1);
      const usage = (await (await api('GET', '/api/v2/credits/usage', { headers: auth })).json()) as {
        usage: { operation: string; balance_after: number }[];
      };
      expect(usage.usage.map((entry) => entry.operation)).toEqual([
        'decode',
        'issue-copies',
        'issue-copies',
        'decode',
        'encode',
        'grant',
        'signup-grant',
      ]);
      // the copies traced on PostgreSQL: marks and fingerprints moved intact
      const traced = await api('POST', '/api/v2/copies/trace', {
        headers: { authorization: `Token ${before.keyedToken}` },
        body: { text: before.daveCopy },
      });
      expect(await traced.json()).toMatchObject({ verdict: 'recipient', recipients: [{ recipient: 'dave' }] });
      // new records get ids after the copied ones
      const registered = await api('POST', '/api/auth/register', {
        body: { email: 'cy@example.com', username: 'cy', password: PASSWORD },
      });
      expect(registered.status).toBe(201);
      const channels = (await (await api('GET', '/api/v2/channels', { headers: auth })).json()) as {
        channels: { channel_name: string; is_active: boolean }[];
      };
      expect(channels.channels.map((c) => [c.channel_name, c.is_active])).toEqual([
        ['main', true],
        ['old', false],
      ]);
    } finally {
      await serve.stop();
    }
  });
});
