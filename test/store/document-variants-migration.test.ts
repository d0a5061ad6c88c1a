import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/store/sqlite/index.js';
import { databaseAtMigration } from './database-at-migration.js';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('the document variants migration keeps every document and copy, which then have no variants', async () => {
  dir = mkdtempSync(join(tmpdir(), 'wm-migration-'));
  const file = join(dir, 'wm.db');
  // migrations up to 0008_copy_mark_keys: documents and copies, no variant records
  const old = databaseAtMigration(dir, file, 9);
  old.exec(`insert into users (id, email, username, password_hash, created_at, updated_at)
              values ('u', 'u@x.y', 'u', 'h', 0, 0);
            insert into documents (owner_id, name, characters, fingerprint_version, fingerprint_hashes, fingerprint,
                                   created_at) values ('u', 'memo', 10, 1, 0, x'', 0);
            insert into copies (id, document_id, position, recipient, channel_id, marks, created_at)
              values ('copy', 1, 0, 'alice', null, '{}', 0);`);
  old.close();
  const store = openSqliteStore(file);
  try {
    expect(await store.copies.copyIdsOf('u', [1])).toEqual([{ id: 'copy', documentId: 1 }]);
    expect(await store.copies.variantsOf('u', [1])).toEqual([]);
    await store.copies.insertVariants({
      documentId: 1,
      salt: new Uint8Array(16),
      record: Uint8Array.of(1),
      classes: '[]',
      sites: 0,
      positions: 0,
    });
    expect(await store.copies.variantsOf('u', [1])).toHaveLength(1);
    expect(store.sqlite.pragma('foreign_key_check')).toEqual([]);
  } finally {
    store.sqlite.close();
  }
});
