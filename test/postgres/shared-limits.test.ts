import { afterEach, describe, expect, it } from 'vitest';
import type { Domain } from '../../src/domain/index.js';
import { makeFixture, makeUser, PASSWORD, refusal, type Fixture } from '../domain/fixture.js';

/**
 * Several instances on one PostgreSQL database count password attempts together: each domain here has its own
 * store (its own pool) and its own limiter state over the same database, as two `wm serve` processes would.
 */

let f: Fixture;
afterEach(() => f.close());

const from = (clientAddress: string) => ({ clientAddress });

describe('password attempts across instances', () => {
  it('one address gets its allowance once, whichever instance it asks', async () => {
    f = await makeFixture({ passwordAttemptsPerMinute: 4 });
    const instances: Domain[] = [f.domain, (await f.reopen()).domain];
    const user = await makeUser(f.domain);
    const here = from('198.51.100.7');
    for (let attempt = 0; attempt < 4; attempt++) {
      await instances[attempt % 2].sessions.login({ email: user.email, password: PASSWORD }, here);
    }
    for (const instance of instances) {
      const refused = await refusal(() => instance.sessions.login({ email: user.email, password: PASSWORD }, here));
      expect(refused.code).toBe('TOO_MANY_ATTEMPTS');
    }
  });

  it('slows an account down for failures made on any instance', async () => {
    f = await makeFixture({ accountFreeFailures: 2, passwordAttemptsPerMinute: 1000 });
    const instances: Domain[] = [f.domain, (await f.reopen()).domain];
    const user = await makeUser(f.domain);
    for (let attempt = 0; attempt < 2; attempt++) {
      const wrong = await refusal(() =>
        instances[attempt].sessions.login(
          { email: user.email, password: 'wrong password' },
          from(`203.0.113.${attempt}`),
        ),
      );
      expect(wrong.code).toBe('INVALID_CREDENTIALS');
    }
    const slowed = await refusal(() =>
      instances[0].sessions.login({ email: user.email, password: PASSWORD }, from('203.0.113.9')),
    );
    expect(slowed.code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('loses no update when instances update one record at the same moment', async () => {
    f = await makeFixture();
    const other = await f.reopen();
    const states = [f.store, other.store].map((store) => store.createLimiterState({ now: () => 0 }));
    const count = (current: number | undefined) => ({ next: (current ?? 0) + 1, expiresAt: 60_000, result: undefined });
    await Promise.all(Array.from({ length: 40 }, (_, i) => states[i % 2].update<number, undefined>('k', count)));
    const read = (current: number | undefined) => ({ next: current, expiresAt: 60_000, result: current });
    expect(await states[0].update<number, number | undefined>('k', read)).toBe(40);
  });
});
