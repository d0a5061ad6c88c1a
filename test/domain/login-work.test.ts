import type * as Crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeFixture, makeUser, refusal, type Fixture } from './fixture.js';

// counts the scrypt runs of the domain, to show that a login with an unknown email does the same work as one with a
// wrong password (without timing anything)
const scryptRuns = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof Crypto>();
  const scrypt = (...args: unknown[]) => {
    scryptRuns.count += 1;
    return (crypto.scrypt as (...args: unknown[]) => void)(...args);
  };
  return { ...crypto, scrypt, default: { ...crypto, scrypt } };
});

let f: Fixture;
beforeEach(async () => {
  f = await makeFixture();
});
afterEach(() => f.close());

async function scryptRunsOf(work: () => unknown): Promise<number> {
  const before = scryptRuns.count;
  await refusal(work);
  return scryptRuns.count - before;
}

describe('login work', () => {
  it('runs scrypt once for an unknown email, as for a wrong password', async () => {
    const user = await makeUser(f.domain);
    const unknownEmail = await scryptRunsOf(() =>
      f.domain.sessions.login({ email: 'nobody@example.com', password: 'wrong password 1' }),
    );
    const wrongPassword = await scryptRunsOf(() =>
      f.domain.sessions.login({ email: user.email, password: 'wrong password 1' }),
    );
    expect(wrongPassword).toBe(1);
    expect(unknownEmail).toBe(wrongPassword);
  });
});
