import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/index.js';
import { makeFixture, makeUser, PASSWORD, type Fixture } from './fixture.js';

let f: Fixture;
beforeEach(() => {
  f = makeFixture({ freeCredits: 100 });
});
afterEach(() => f.close());

const code = async (work: () => unknown) => {
  try {
    await work();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
};

describe('register', () => {
  it('normalises the email, starts on free with the grant, unverified, and returns a verification token', async () => {
    const reg = await f.domain.accounts.register({
      email: '  Ada@Example.COM ',
      username: ' ada ',
      password: PASSWORD,
      firstName: 'Ada',
    });
    expect(reg.user).toMatchObject({ email: 'ada@example.com', username: 'ada', firstName: 'Ada', plan: 'free' });
    expect(reg.user).not.toHaveProperty('lastName');
    expect(reg.verificationToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(reg.verificationExpiresAt.getTime() - f.clock.now.getTime()).toBe(24 * 3600 * 1000);
    expect(f.domain.credits.balance(reg.user.id)).toEqual({
      balance: 100,
      plan: 'free',
      subscription_status: 'active',
      renews_at: null,
    });
    expect(f.domain.credits.usage(reg.user.id)).toMatchObject([{ operation: 'signup-grant', credits: 100, balance_after: 100 }]);
  });

  it('refuses a second account with the same email in any case', async () => {
    await makeUser(f.domain, { email: 'dup@example.com' });
    const error = await code(() => f.domain.accounts.register({ email: 'DUP@example.com', username: 'x', password: PASSWORD }));
    expect(error.code).toBe('EMAIL_TAKEN');
    expect(error.details).toEqual({ email: 'already registered' });
  });

  it('reports every invalid field at once', async () => {
    const error = await code(() => f.domain.accounts.register({ email: 'nope', username: '  ', password: 'short' }));
    expect(error.code).toBe('VALIDATION');
    expect(Object.keys(error.details!).sort()).toEqual(['email', 'password', 'username']);
  });
});

describe('email verification', () => {
  it('is single use', async () => {
    const user = await makeUser(f.domain);
    expect(f.domain.accounts.verifyEmail(user.verificationToken).id).toBe(user.id);
    expect(f.domain.admin.showUser(user.email).email_verified).toBe(true);
    expect((await code(() => f.domain.accounts.verifyEmail(user.verificationToken))).code).toBe('VALIDATION');
  });

  it('expires after 24 hours', async () => {
    const user = await makeUser(f.domain);
    f.clock.advance(24 * 3600 + 1);
    expect((await code(() => f.domain.accounts.verifyEmail(user.verificationToken))).code).toBe('VALIDATION');
    expect(f.domain.admin.showUser(user.email).email_verified).toBe(false);
  });

  it('refuses unknown tokens', async () => {
    expect((await code(() => f.domain.accounts.verifyEmail('made-up'))).code).toBe('VALIDATION');
  });

  it('can issue a fresh token for an unverified account only', async () => {
    const user = await makeUser(f.domain);
    const fresh = f.domain.accounts.issueVerificationToken(user.id);
    f.domain.accounts.verifyEmail(fresh.token);
    expect((await code(() => f.domain.accounts.issueVerificationToken(user.id))).code).toBe('CONFLICT');
  });
});

describe('profile', () => {
  it('returns user, tokens and quota', async () => {
    const user = await makeUser(f.domain);
    const profile = f.domain.accounts.getProfile(user.id);
    expect(profile.user.id).toBe(user.id);
    expect(profile.api_tokens).toEqual([]);
    expect(profile.quota).toEqual({
      requests_made: 0,
      requests_limit: 1000,
      requests_remaining: 1000,
      resets_at: '2025-04-01T00:00:00.000Z',
    });
  });

  it('updates names, clears a name with an empty string, and needs at least one field', async () => {
    const user = await makeUser(f.domain);
    expect(f.domain.accounts.updateProfile(user.id, { username: 'new', firstName: 'F', lastName: 'L' })).toMatchObject({
      username: 'new',
      firstName: 'F',
      lastName: 'L',
    });
    expect(f.domain.accounts.updateProfile(user.id, { lastName: '' })).not.toHaveProperty('lastName');
    expect((await code(() => f.domain.accounts.updateProfile(user.id, {}))).code).toBe('VALIDATION');
    expect((await code(() => f.domain.accounts.updateProfile(user.id, { username: ' ' }))).code).toBe('VALIDATION');
  });

  it('changes the password after checking the current one and ends refresh sessions', async () => {
    const user = await makeUser(f.domain);
    const session = await f.domain.sessions.login({ email: user.email, password: PASSWORD });
    const wrong = await code(() =>
      f.domain.accounts.changePassword(user.id, { currentPassword: 'wrong password 1', newPassword: 'another pass 99' }),
    );
    expect(wrong.code).toBe('INVALID_CREDENTIALS');
    const weak = await code(() => f.domain.accounts.changePassword(user.id, { currentPassword: PASSWORD, newPassword: 'weak' }));
    expect(weak.code).toBe('VALIDATION');
    await f.domain.accounts.changePassword(user.id, { currentPassword: PASSWORD, newPassword: 'another pass 99' });
    expect((await code(() => f.domain.sessions.login({ email: user.email, password: PASSWORD }))).code).toBe(
      'INVALID_CREDENTIALS',
    );
    await f.domain.sessions.login({ email: user.email, password: 'another pass 99' });
    expect((await code(() => f.domain.sessions.refresh(session.refreshToken))).code).toBe('UNAUTHENTICATED');
  });
});

describe('suspension', () => {
  it('refuses every operation of a suspended account until lifted', async () => {
    const user = await makeUser(f.domain, { verified: true, plan: 'starter' });
    const { accessToken } = await f.domain.sessions.login({ email: user.email, password: PASSWORD });
    f.domain.admin.suspend(user.email, 'chargeback #1');
    const refusals = await Promise.all(
      [
        () => f.domain.sessions.authenticate(accessToken),
        () => f.domain.sessions.login({ email: user.email, password: PASSWORD }),
        () => f.domain.accounts.getProfile(user.id),
        () => f.domain.accounts.updateProfile(user.id, { username: 'x' }),
        () => f.domain.apiTokens.list(user.id),
        () => f.domain.apiTokens.create(user.id, { name: 't', permissions: ['encode'] }),
        () => f.domain.channels.create(user.id, 'c'),
        () => f.domain.channels.list(user.id),
        () => f.domain.credits.balance(user.id),
      ].map(code),
    );
    expect(refusals.map((e) => e.code)).toEqual(Array(9).fill('ACCOUNT_SUSPENDED'));
    f.domain.admin.unsuspend(user.email);
    expect((await f.domain.sessions.authenticate(accessToken)).user.id).toBe(user.id);
  });

  it('does not tell strangers that an account is suspended', async () => {
    const user = await makeUser(f.domain);
    f.domain.admin.suspend(user.email);
    expect((await code(() => f.domain.sessions.login({ email: user.email, password: 'wrong password 1' }))).code).toBe(
      'INVALID_CREDENTIALS',
    );
  });
});

describe('concurrent registration', () => {
  it('of one address creates one account and answers EMAIL_TAKEN to the other', async () => {
    const input = { email: 'race@example.com', username: 'r', password: PASSWORD };
    const results = await Promise.allSettled([f.domain.accounts.register(input), f.domain.accounts.register(input)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ code: 'EMAIL_TAKEN' });
    expect(f.domain.admin.listUsers()).toHaveLength(1);
  });
});
