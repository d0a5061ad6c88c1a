import { statSync } from 'node:fs';
import type Database from 'better-sqlite3';
import type { StoreDescription } from '../port/index.js';

const COUNTED = { users: 'users', apiTokens: 'api_tokens', channels: 'channels' } as const;

export function describeSqlite(sqlite: Database.Database, file: string): StoreDescription {
  const count = (table: string) => (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  return {
    database: file,
    migrationsApplied: count('__drizzle_migrations'),
    counts: {
      users: count(COUNTED.users),
      apiTokens: count(COUNTED.apiTokens),
      channels: count(COUNTED.channels),
    },
    engine: {
      name: 'sqlite',
      sizeBytes: file === ':memory:' ? 0 : statSync(file).size,
      journalMode: sqlite.pragma('journal_mode', { simple: true }) as string,
      foreignKeys: sqlite.pragma('foreign_keys', { simple: true }) === 1,
      busyTimeoutMs: sqlite.pragma('busy_timeout', { simple: true }) as number,
    },
  };
}
