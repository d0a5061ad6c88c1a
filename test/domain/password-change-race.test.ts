import type * as Crypto from 'node:crypto';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { makeFixture, makeUser, PASSWORD, refusal, type Fixture } from './fixture.js';

// Holds one scrypt run of the domain until the test releases it: the race between a login that is checking the
// old password and a password change becomes a fixed order instead of a matter of timing.
const latch = vi.hoisted(() => ({
  armed: false,
  held: undefined as undefined | (() => void),
}));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof Crypto>();
  const scrypt = (...args: unknown[]) => {
    const callback = args.at(-1) as (error: Error | null, key: Buffer) => void;
    if (!latch.armed) return (crypto.scrypt as (...a: unknown[]) => void)(...args);
    latch.armed = false;
    const run = () => (crypto.scrypt as (...a: unknown[]) => void)(...args.slice(0, -1), callback);
    latch.held = run;
  };
  return { ...crypto, scrypt, default: { ...crypto, scrypt } };
});

let f: Fixture;
beforeEach(async () => {
  f = await makeFixture();
});
afterEach(() => f.close());

const liveRefreshTokens = async (userId: string) => {
  const [live] = await f.sql<{ n: number }>(
    'SELECT count(*) AS n FROM refresh_tokens WHERE user_id = ? AND revoked_at IS NULL',
    userId,
  );
  return Number(live.n);
};

it('a login that checked the old password while the change committed gets no session', async () => {
  const user = await makeUser(f.domain);
  const caller = await f.domain.sessions.login({ email: user.email, password: PASSWORD });

  latch.armed = true;
  const racingLogin = refusal(() => f.domain.sessions.login({ email: user.email, password: PASSWORD }));
  await vi.waitFor(() => expect(latch.held).toBeDefined());

  // the change runs to its commit while the login's check of the old password is still under way
  const change = { currentPassword: PASSWORD, newPassword: 'Another pass 99' };
  const changed = await f.domain.accounts.changePassword(user.id, change);
  latch.held!();

  const refused = await racingLogin;
  expect(refused.code).toBe('INVALID_CREDENTIALS');
  // the only refresh session left is the one the change started for its caller
  expect(await liveRefreshTokens(user.id)).toBe(1);
  expect((await refusal(() => f.domain.sessions.refresh(caller.refreshToken))).code).toBe('UNAUTHENTICATED');
  await f.domain.sessions.refresh(changed.refreshToken);
});
