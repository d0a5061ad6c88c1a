import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeFixture, makeUser, PASSWORD, refusal, type Fixture } from './fixture.js';

let f: Fixture;
beforeEach(async () => {
  f = await makeFixture();
});
afterEach(() => f.close());

const NEW_PASSWORD = 'a brand new secret 7';
const origin = { clientAddress: '192.0.2.7' };

describe('asking for a recovery mail', () => {
  it('is limited per address mailed, alike for registered and unknown addresses, refilled in an hour', async () => {
    const user = await makeUser(f.domain);
    for (const email of [user.email, 'nobody@example.com']) {
      for (let n = 0; n < 3; n++) await f.domain.recovery.admit('password-reset', email, origin);
      const refused = await refusal(() => f.domain.recovery.admit('password-reset', email, origin));
      expect(refused.code).toBe('TOO_MANY_ATTEMPTS');
      expect(refused.message).toBe(`Too many requests for mail to this address; retry in 1200 s`);
    }
    // each kind of mail has its own count; the address is normalised first
    await f.domain.recovery.admit('verification', ` ${user.email.toUpperCase()} `, origin);
    f.clock.advance(20 * 60);
    await f.domain.recovery.admit('password-reset', user.email, origin);
    expect((await refusal(() => f.domain.recovery.admit('password-reset', user.email, origin))).code).toBe(
      'TOO_MANY_ATTEMPTS',
    );
  });

  it("counts against the client address's allowance shared with sign-in", async () => {
    const limited = await makeFixture({ passwordAttemptsPerMinute: 2 });
    try {
      await limited.domain.recovery.admit('password-reset', 'a@example.com', origin);
      await limited.domain.recovery.admit('verification', 'b@example.com', origin);
      expect((await refusal(() => limited.domain.recovery.admit('password-reset', 'c@example.com', origin))).code).toBe(
        'TOO_MANY_ATTEMPTS',
      );
      // the same allowance as a sign-in from that address
      const login = await refusal(() =>
        limited.domain.sessions.login({ email: 'c@example.com', password: PASSWORD }, origin),
      );
      expect(login.message).toMatch(/^Too many password attempts from your address/);
    } finally {
      await limited.close();
    }
  });

  it('refuses a malformed address as a field error', async () => {
    const refused = await refusal(() => f.domain.recovery.admit('verification', 'not an address', origin));
    expect(refused.code).toBe('VALIDATION');
    expect(Object.keys(refused.details!)).toEqual(['email']);
  });

  it('makes links only for accounts that can use them', async () => {
    const unverified = await makeUser(f.domain);
    const verified = await makeUser(f.domain, { verified: true });
    const suspended = await makeUser(f.domain);
    await f.domain.admin.suspend(suspended.email, 'dispute');
    expect(await f.domain.recovery.issuePasswordReset('nobody@example.com')).toBeUndefined();
    expect(await f.domain.recovery.issuePasswordReset(suspended.email)).toBeUndefined();
    expect(await f.domain.recovery.issueVerification(suspended.email)).toBeUndefined();
    expect(await f.domain.recovery.issueVerification(verified.email)).toBeUndefined();
    expect(await f.domain.recovery.issueVerification('nobody@example.com')).toBeUndefined();
    const reset = (await f.domain.recovery.issuePasswordReset(verified.email.toUpperCase()))!;
    expect(reset).toMatchObject({ to: verified.email });
    expect(reset).not.toHaveProperty('username');
    expect(reset.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(reset.expiresAt.getTime() - f.clock.now.getTime()).toBe(3600 * 1000);
    const link = (await f.domain.recovery.issueVerification(unverified.email))!;
    expect(await f.domain.accounts.verifyEmail(link.token)).toMatchObject({ alreadyVerified: false });
    // the first link still works too: a new one does not cancel the old
    expect(await f.domain.accounts.verifyEmail(unverified.verificationToken)).toMatchObject({ alreadyVerified: true });
  });
});

describe('resetting the password with a link', () => {
  it('sets the password, ends every session, verifies the address and starts a session of its own', async () => {
    const user = await makeUser(f.domain);
    await f.domain.admin.verifyUser(user.email);
    const before = await f.domain.sessions.login({ email: user.email, password: PASSWORD });
    const apiToken = await f.domain.apiTokens.create(user.id, { name: 't', permissions: ['encode'] });
    const other = await makeUser(f.domain);
    const link = (await f.domain.recovery.issuePasswordReset(user.email))!;
    const second = (await f.domain.recovery.issuePasswordReset(user.email))!;

    const session = await f.domain.recovery.resetPassword({ token: link.token, newPassword: NEW_PASSWORD }, origin);
    expect(session.user).toMatchObject({ id: user.id, email: user.email });
    expect((await f.domain.sessions.authenticate(session.accessToken)).user.id).toBe(user.id);
    const refreshed = await f.domain.sessions.refresh(session.refreshToken);
    expect((await f.domain.sessions.authenticate(refreshed.accessToken)).user.id).toBe(user.id);

    expect((await refusal(() => f.domain.sessions.authenticate(before.accessToken))).code).toBe('UNAUTHENTICATED');
    expect((await refusal(() => f.domain.sessions.refresh(before.refreshToken))).code).toBe('UNAUTHENTICATED');
    expect((await refusal(() => f.domain.sessions.login({ email: user.email, password: PASSWORD }))).code).toBe(
      'INVALID_CREDENTIALS',
    );
    await f.domain.sessions.login({ email: user.email, password: NEW_PASSWORD });
    // API tokens are not sessions
    expect(await f.domain.currentToken.identify(apiToken.token)).toBe(apiToken.id);
    // the link is used, and so is every other link of the account; other accounts' are untouched
    for (const token of [link.token, second.token]) {
      const refused = await refusal(() => f.domain.recovery.resetPassword({ token, newPassword: 'yet another 99 x' }));
      expect(refused.code).toBe('VALIDATION');
      expect(refused.details).toEqual({ token: 'invalid, already used or expired' });
    }
    const othersLink = (await f.domain.recovery.issuePasswordReset(other.email))!;
    await f.domain.recovery.resetPassword({ token: othersLink.token, newPassword: NEW_PASSWORD });
  });

  it('marks an unverified address verified: the link proved the mailbox', async () => {
    const user = await makeUser(f.domain);
    const link = (await f.domain.recovery.issuePasswordReset(user.email))!;
    await f.domain.recovery.resetPassword({ token: link.token, newPassword: NEW_PASSWORD });
    expect((await f.domain.admin.showUser(user.email)).email_verified).toBe(true);
  });

  it('expires after an hour', async () => {
    const user = await makeUser(f.domain);
    const link = (await f.domain.recovery.issuePasswordReset(user.email))!;
    f.clock.advance(3600);
    expect(
      (await refusal(() => f.domain.recovery.resetPassword({ token: link.token, newPassword: NEW_PASSWORD }))).code,
    ).toBe('VALIDATION');
    await f.domain.sessions.login({ email: user.email, password: PASSWORD });
  });

  it('keeps the link when the new password breaks the policy, and names the field', async () => {
    const user = await makeUser(f.domain);
    const link = (await f.domain.recovery.issuePasswordReset(user.email))!;
    for (const newPassword of ['short', user.email, '']) {
      const refused = await refusal(() => f.domain.recovery.resetPassword({ token: link.token, newPassword }));
      expect(refused.code, newPassword).toBe('VALIDATION');
      expect(Object.keys(refused.details!), newPassword).toEqual(['newPassword']);
    }
    await f.domain.recovery.resetPassword({ token: link.token, newPassword: NEW_PASSWORD });
  });

  it('a password changed meanwhile (by its owner or the operator) makes the older links useless', async () => {
    const user = await makeUser(f.domain);
    const link = (await f.domain.recovery.issuePasswordReset(user.email))!;
    await f.domain.accounts.changePassword(user.id, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(
      (await refusal(() => f.domain.recovery.resetPassword({ token: link.token, newPassword: 'other pass 12 x' })))
        .code,
    ).toBe('VALIDATION');
    const again = (await f.domain.recovery.issuePasswordReset(user.email))!;
    await f.domain.admin.setPassword(user.email, 'operator set 42 x');
    expect(
      (await refusal(() => f.domain.recovery.resetPassword({ token: again.token, newPassword: 'other pass 12 x' })))
        .code,
    ).toBe('VALIDATION');
    await f.domain.sessions.login({ email: user.email, password: 'operator set 42 x' });
  });

  it('of two resets with one link at once, exactly one sets its password', async () => {
    const user = await makeUser(f.domain);
    const link = (await f.domain.recovery.issuePasswordReset(user.email))!;
    const passwords = ['first racer 11 x', 'second racer 22 y', 'third racer 33 z'];
    const outcomes = await Promise.allSettled(
      passwords.map((newPassword) => f.domain.recovery.resetPassword({ token: link.token, newPassword })),
    );
    const won = outcomes.flatMap((outcome, n) => (outcome.status === 'fulfilled' ? [passwords[n]] : []));
    expect(won).toHaveLength(1);
    for (const [n, outcome] of outcomes.entries()) {
      if (outcome.status === 'rejected') expect(outcome.reason.code, passwords[n]).toBe('VALIDATION');
    }
    for (const password of passwords) {
      const login = f.domain.sessions.login({ email: user.email, password });
      if (password === won[0]) await login;
      else expect((await refusal(() => login)).code).toBe('INVALID_CREDENTIALS');
    }
  });

  it('refuses a suspended account, and an unknown or missing link', async () => {
    const user = await makeUser(f.domain);
    const link = (await f.domain.recovery.issuePasswordReset(user.email))!;
    await f.domain.admin.suspend(user.email, 'dispute');
    expect(
      (await refusal(() => f.domain.recovery.resetPassword({ token: link.token, newPassword: NEW_PASSWORD }))).code,
    ).toBe('ACCOUNT_SUSPENDED');
    expect(
      (await refusal(() => f.domain.recovery.resetPassword({ token: 'made-up', newPassword: NEW_PASSWORD }))).code,
    ).toBe('VALIDATION');
    const missing = await refusal(() => f.domain.recovery.resetPassword({ token: '', newPassword: '' }));
    expect(Object.keys(missing.details!).sort()).toEqual(['newPassword', 'token']);
  });
});
