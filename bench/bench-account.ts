import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createDomain, type Domain } from '../src/domain/index.js';
import { ROOT } from './processes.js';
import type { SqliteStore } from '../src/store/sqlite/index.js';

export interface BenchAccount {
  store: SqliteStore;
  domain: Domain;
  masterKey: Uint8Array;
  /** the account's user id */
  ownerId: string;
}

/** The real SQLite store (all migrations) in `file`, a domain over it, and one account of plan pro. */
export async function openBenchAccount(file: string, email: string): Promise<BenchAccount> {
  // the built store: its migrations are found beside dist/, where a bundle of a bench file cannot point
  const sqlite = (await import(
    join(ROOT, 'dist', 'store', 'sqlite', 'index.js')
  )) as typeof import('../src/store/sqlite/index.js');
  const store = sqlite.openSqliteStore(file);
  const masterKey = randomBytes(32);
  const domain = createDomain({ store, masterKey, config: { scryptLogN: 10 } });
  await domain.admin.createUser({ email, username: 'bench', password: 'a bench password 42', plan: 'pro' });
  const user = await store.users.byEmail(email);
  return { store, domain, masterKey, ownerId: user!.id };
}
