import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMasterKey, resolveDataHome } from '../../src/store/index.js';
import { MIGRATIONS_FOLDER, openSqliteStore as openStore } from '../../src/store/sqlite/index.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'wm-store-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the SQLite store', () => {
  it('creates and migrates a database in an empty folder, with WAL, foreign keys and a busy timeout', () => {
    const store = openStore(join(tempDir(), 'wm.db'));
    try {
      const tables = store.sqlite
        .prepare("select name from sqlite_master where type = 'table' order by name")
        .all()
        .map((row) => (row as { name: string }).name);
      expect(tables).toEqual(
        expect.arrayContaining([
          'users',
          'email_verifications',
          'refresh_tokens',
          'channels',
          'api_tokens',
          'credit_ledger',
        ]),
      );
      expect(store.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(store.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(store.sqlite.pragma('busy_timeout', { simple: true })).toBeGreaterThan(0);
    } finally {
      store.sqlite.close();
    }
  });

  it('creates the database file and its WAL readable by the owner only', () => {
    const file = join(tempDir(), 'wm.db');
    const store = openStore(file);
    try {
      store.sqlite.prepare('create table probe (x)').run();
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(`${file}-wal`).mode & 0o777).toBe(0o600);
    } finally {
      store.sqlite.close();
    }
  });

  it('re-opening applies nothing twice', () => {
    const file = join(tempDir(), 'wm.db');
    openStore(file).sqlite.close();
    const store = openStore(file);
    const applied = store.sqlite.prepare('select count(*) as n from __drizzle_migrations').get() as { n: number };
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'));
    expect(applied.n).toBe(journal.entries.length);
    store.sqlite.close();
  });

  it('refuses a negative balance at the database level', () => {
    const store = openStore(join(tempDir(), 'wm.db'));
    try {
      const insert = () =>
        store.sqlite
          .prepare(
            'insert into users (id, email, username, password_hash, balance, created_at, updated_at) ' +
              "values ('u', 'a@b.c', 'a', 'x', -1, 0, 0)",
          )
          .run();
      expect(insert).toThrow(/CHECK constraint/);
    } finally {
      store.sqlite.close();
    }
  });
});

describe('data folder and master key', () => {
  it('resolves --home, then WM_HOME, then ~/.wm', () => {
    expect(resolveDataHome('/a/b', { WM_HOME: '/c' })).toBe('/a/b');
    expect(resolveDataHome(undefined, { WM_HOME: '/c' })).toBe('/c');
    expect(resolveDataHome(undefined, {})).toMatch(/[/\\]\.wm$/);
  });

  it('creates master.key once with mode 0600 and reuses it', () => {
    const dir = tempDir();
    const first = loadMasterKey(dir, {});
    expect(first).toHaveLength(32);
    expect(statSync(join(dir, 'master.key')).mode & 0o777).toBe(0o600);
    expect(Buffer.from(loadMasterKey(dir, {})).equals(Buffer.from(first))).toBe(true);
  });

  it('takes WM_MASTER_KEY (64 hex characters) instead of the file', () => {
    const dir = tempDir();
    const hex = 'ab'.repeat(32);
    expect(Buffer.from(loadMasterKey(dir, { WM_MASTER_KEY: hex })).toString('hex')).toBe(hex);
    expect(() => loadMasterKey(dir, { WM_MASTER_KEY: 'abc' })).toThrow(/64 hexadecimal/);
  });

  it('refuses a master.key of the wrong length instead of replacing it', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'master.key'), 'short');
    expect(() => loadMasterKey(dir, {})).toThrow(/exactly 32 bytes/);
  });
});
