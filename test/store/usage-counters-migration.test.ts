import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openSqliteStore as openStore } from '../../src/store/sqlite/index.js';
import { databaseAtMigration } from './database-at-migration.js';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('the usage_counters migration counts the watermark operations already in the ledger, per user and UTC month', () => {
  dir = mkdtempSync(join(tmpdir(), 'wm-migration-'));
  const file = join(dir, 'wm.db');
  // the first migration only: a database created before usage_counters existed
  const old = databaseAtMigration(dir, file, 1);
  const addUser = old.prepare(
    `insert into users (id, email, username, password_hash, created_at, updated_at) values (?, ?, 'u', 'h', 0, 0)`,
  );
  addUser.run('a', 'a@x.y');
  addUser.run('b', 'b@x.y');
  const record = old.prepare(
    `insert into credit_ledger (user_id, operation, credits, balance_after, created_at) values (?, ?, ?, 0, ?)`,
  );
  const april = Date.UTC(2025, 3, 1);
  const lastMomentOfApril = Date.UTC(2025, 4, 1) - 1;
  const may = Date.UTC(2025, 4, 1);
  record.run('a', 'signup-grant', 100, april);
  record.run('a', 'encode', -1, april);
  record.run('a', 'analyze', -1, lastMomentOfApril);
  record.run('a', 'grant', 5, may);
  record.run('a', 'decode-robust', -1, may);
  record.run('b', 'decode', -1, may + 1000);
  old.close();

  const store = openStore(file);
  try {
    const counters = store.sqlite
      .prepare('select user_id, period_start, requests_made from usage_counters order by user_id, period_start')
      .all();
    expect(counters).toEqual([
      { user_id: 'a', period_start: april, requests_made: 2 },
      { user_id: 'a', period_start: may, requests_made: 1 },
      { user_id: 'b', period_start: may, requests_made: 1 },
    ]);
  } finally {
    store.sqlite.close();
  }
});
