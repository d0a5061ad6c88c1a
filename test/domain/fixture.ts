import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createDomain,
  DomainError,
  type CreateDomainOptions,
  type Domain,
  type DomainConfig,
} from '../../src/domain/index.js';
import { openSqliteStore, type SqliteStore } from '../../src/store/sqlite/index.js';

/** Low scrypt cost for speed; the default (OWASP) is asserted in its own test. */
export const TEST_SCRYPT_LN = 10;
export const PASSWORD = 'correct horse 42';

export interface Fixture {
  dir: string;
  store: SqliteStore;
  domain: Domain;
  masterKey: Uint8Array;
  clock: { now: Date; advance(seconds: number): void };
  /** another connection to the same file, as a second server process would have */
  reopen(): { store: SqliteStore; domain: Domain };
  close(): void;
}

/** `options`: the rest of createDomain's options (e.g. a hash gate the test holds). */
export function makeFixture(
  config: Partial<DomainConfig> = {},
  options: Pick<CreateDomainOptions, 'hashGate' | 'limiterState'> = {},
): Fixture {
  const dir = mkdtempSync(join(tmpdir(), 'wm-domain-'));
  const file = join(dir, 'wm.db');
  const masterKey = randomBytes(32);
  const clock = {
    now: new Date('2025-03-10T12:00:00Z'),
    advance(seconds: number) {
      clock.now = new Date(clock.now.getTime() + seconds * 1000);
    },
  };
  const build = () => {
    const store = openSqliteStore(file);
    const domain = createDomain({
      store,
      masterKey,
      config: { scryptLogN: TEST_SCRYPT_LN, ...config },
      now: () => clock.now,
      ...options,
    });
    return { store, domain };
  };
  const stores: SqliteStore[] = [];
  const first = build();
  stores.push(first.store);
  return {
    dir,
    ...first,
    masterKey,
    clock,
    reopen() {
      const other = build();
      stores.push(other.store);
      return other;
    },
    close() {
      for (const store of stores) if (store.sqlite.open) store.sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

/** Registers a user; `verified` and `plan` go through the admin path. */
export async function makeUser(
  domain: Domain,
  options: { verified?: boolean; plan?: 'free' | 'starter' | 'pro'; email?: string } = {},
) {
  counter += 1;
  const email = options.email ?? `user${counter}@example.com`;
  const registration = await domain.accounts.register({ email, username: `user${counter}`, password: PASSWORD });
  if (options.verified) await domain.admin.verifyUser(email);
  if (options.plan) await domain.admin.setPlan(email, options.plan);
  return { ...registration, email, id: registration.user.id };
}

/** The DomainError a piece of work (sync or async) is refused with; anything else fails the test. */
export async function refusal(work: () => unknown): Promise<DomainError> {
  try {
    await work();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}
