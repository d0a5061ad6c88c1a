import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/store/sqlite/index.js';
import { databaseAtMigration } from './database-at-migration.js';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('the copy-mark keys migration keeps every copy and its document, and lets new copies name no channel', async () => {
  dir = mkdtempSync(join(tmpdir(), 'wm-migration-'));
  const file = join(dir, 'wm.db');
  // migrations up to 0007_copies: copies sealed with a channel's key
  const old = databaseAtMigration(dir, file, 8);
  old.exec(`insert into users (id, email, username, password_hash, created_at, updated_at)
              values ('u', 'u@x.y', 'u', 'h', 0, 0);
            insert into channels (id, user_id, name, sealed_key, created_at) values ('c', 'u', 'memos', x'00', 0);
            insert into documents (owner_id, name, characters, fingerprint_version, fingerprint_hashes, fingerprint,
                                   created_at) values ('u', 'memo', 10, 1, 0, x'', 0);
            insert into copies (id, document_id, position, recipient, channel_id, marks, created_at)
              values ('old-copy', 1, 0, 'alice', 'c', '{}', 0);`);
  old.close();
  const store = openSqliteStore(file);
  try {
    expect(await store.copies.copiesOfDocument('u', 1)).toEqual([
      expect.objectContaining({ id: 'old-copy', channelId: 'c', recipient: 'alice' }),
    ]);
    await store.copies.insertCopies([
      { id: 'new-copy', documentId: 1, position: 1, recipient: 'bob', channelId: null, marks: '{}', createdAt: 1 },
    ]);
    expect((await store.copies.copiesOfDocument('u', 1)).map((copy) => copy.channelId)).toEqual(['c', null]);
    expect(store.sqlite.pragma('foreign_key_check')).toEqual([]);
  } finally {
    store.sqlite.close();
  }
});
