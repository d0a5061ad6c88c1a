import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/store/sqlite/index.js';
import { databaseAtMigration } from './database-at-migration.js';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('the C2PA certificates migration keeps every channel, which then holds no certificate until given one', async () => {
  dir = mkdtempSync(join(tmpdir(), 'wm-migration-'));
  const file = join(dir, 'wm.db');
  // migrations up to 0009_document_variants: channels, no C2PA certificates
  const old = databaseAtMigration(dir, file, 10);
  old.exec(`insert into users (id, email, username, password_hash, created_at, updated_at)
              values ('u', 'u@x.y', 'u', 'h', 0, 0);
            insert into channels (id, user_id, name, sealed_key, created_at) values ('c', 'u', 'press', x'00', 0);`);
  old.close();
  const store = openSqliteStore(file);
  try {
    expect(await store.c2paCertificates.of('c')).toBeUndefined();
    const row = {
      channelId: 'c',
      chainPem: 'PEM',
      sealedKey: Uint8Array.of(1, 2),
      origin: 'made' as const,
      createdAt: 1,
    };
    await store.c2paCertificates.put(row);
    await store.c2paCertificates.put({ ...row, origin: 'imported', createdAt: 2 });
    expect(await store.c2paCertificates.channelsWith(['c', 'unknown'])).toEqual([
      { channelId: 'c', chainPem: 'PEM', origin: 'imported', createdAt: 2 },
    ]);
    expect(() => store.sqlite.exec("update c2pa_certificates set origin = 'stolen'")).toThrow(/CHECK/);
    store.sqlite.exec("delete from channels where id = 'c'");
    expect(await store.c2paCertificates.sealedKeys()).toEqual([]);
    expect(store.sqlite.pragma('foreign_key_check')).toEqual([]);
  } finally {
    store.sqlite.close();
  }
});
