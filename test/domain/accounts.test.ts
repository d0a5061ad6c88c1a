import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Domain } from '../../src/domain/index.js';
import { ACCOUNT_OPERATION_NAMES } from '../../src/domain/operation-rules.js';
import { makeFixture, makeUser, PASSWORD, refusal, type Fixture } from './fixture.js';

let f: Fixture;
beforeEach(async () => {
  f = await makeFixture({ freeCredits: 100 });
});
afterEach(() => f.close());

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
    expect(await f.domain.credits.balance(reg.user.id)).toEqual({
      balance: 100,
      plan: 'free',
      subscription_status: 'active',
      renews_at: null,
    });
    expect(await f.domain.credits.usage(reg.user.id)).toMatchObject([
      { operation: 'signup-grant', credits: 100, balance_after: 100 },
    ]);
  });

  it('refuses a second account with the same email in any case', async () => {
    await makeUser(f.domain, { email: 'dup@example.com' });
    const error = await refusal(() =>
      f.domain.accounts.register({ email: 'DUP@example.com', username: 'x', password: PASSWORD }),
    );
    expect(error.code).toBe('EMAIL_TAKEN');
    expect(error.details).toEqual({ email: 'already registered' });
  });

  it('reports every invalid field at once', async () => {
    const error = await refusal(() => f.domain.accounts.register({ email: 'nope', username: '  ', password: 'short' }));
    expect(error.code).toBe('VALIDATION');
    expect(Object.keys(error.details!).sort()).toEqual(['email', 'password', 'username']);
  });
});

describe('email verification', () => {
  it('is single use: a second use answers "already verified" and changes nothing', async () => {
    const user = await makeUser(f.domain);
    const first = await f.domain.accounts.verifyEmail(user.verificationToken);
    expect(first).toEqual({ user: expect.objectContaining({ id: user.id }), alreadyVerified: false });
    const verifiedAt = (await f.store.users.byId(user.id))!.emailVerifiedAt;
    expect((await f.domain.admin.showUser(user.email)).email_verified).toBe(true);
    f.clock.advance(60);
    expect(await f.domain.accounts.verifyEmail(user.verificationToken)).toEqual({
      user: expect.objectContaining({ id: user.id }),
      alreadyVerified: true,
    });
    expect((await f.store.users.byId(user.id))!.emailVerifiedAt).toBe(verifiedAt);
  });

  it('a used link of an account that is not verified (the operator undid it) is refused', async () => {
    const user = await makeUser(f.domain);
    await f.domain.accounts.verifyEmail(user.verificationToken);
    await f.store.users.update(user.id, { emailVerifiedAt: null }, f.clock.now.getTime());
    expect((await refusal(() => f.domain.accounts.verifyEmail(user.verificationToken))).code).toBe('VALIDATION');
  });

  it('expires after 24 hours', async () => {
    const user = await makeUser(f.domain);
    f.clock.advance(24 * 3600 + 1);
    expect((await refusal(() => f.domain.accounts.verifyEmail(user.verificationToken))).code).toBe('VALIDATION');
    expect((await f.domain.admin.showUser(user.email)).email_verified).toBe(false);
  });

  it('refuses unknown tokens', async () => {
    expect((await refusal(() => f.domain.accounts.verifyEmail('made-up'))).code).toBe('VALIDATION');
  });
});

describe('profile', () => {
  it('returns user, tokens and quota', async () => {
    const user = await makeUser(f.domain);
    const profile = await f.domain.accounts.getProfile(user.id);
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
    const updated = await f.domain.accounts.updateProfile(user.id, { username: 'new', firstName: 'F', lastName: 'L' });
    expect(updated).toMatchObject({
      username: 'new',
      firstName: 'F',
      lastName: 'L',
    });
    expect(await f.domain.accounts.updateProfile(user.id, { lastName: '' })).not.toHaveProperty('lastName');
    expect((await refusal(() => f.domain.accounts.updateProfile(user.id, {}))).code).toBe('VALIDATION');
    expect((await refusal(() => f.domain.accounts.updateProfile(user.id, { username: ' ' }))).code).toBe('VALIDATION');
  });

  it('changes the password after checking the current one and ends refresh sessions', async () => {
    const user = await makeUser(f.domain);
    const session = await f.domain.sessions.login({ email: user.email, password: PASSWORD });
    const wrong = await refusal(() =>
      f.domain.accounts.changePassword(user.id, {
        currentPassword: 'wrong password 1',
        newPassword: 'another pass 99',
      }),
    );
    expect(wrong.code).toBe('INVALID_CREDENTIALS');
    const weak = await refusal(() =>
      f.domain.accounts.changePassword(user.id, { currentPassword: PASSWORD, newPassword: 'weak' }),
    );
    expect(weak.code).toBe('VALIDATION');
    await f.domain.accounts.changePassword(user.id, { currentPassword: PASSWORD, newPassword: 'another pass 99' });
    expect((await refusal(() => f.domain.sessions.login({ email: user.email, password: PASSWORD }))).code).toBe(
      'INVALID_CREDENTIALS',
    );
    await f.domain.sessions.login({ email: user.email, password: 'another pass 99' });
    expect((await refusal(() => f.domain.sessions.refresh(session.refreshToken))).code).toBe('UNAUTHENTICATED');
  });
});

describe('suspension', () => {
  it('refuses every operation of a suspended account until lifted', async () => {
    const user = await makeUser(f.domain, { plan: 'starter' });
    const login = await f.domain.sessions.login({ email: user.email, password: PASSWORD });
    const channel = await f.domain.channels.create(user.id, 'news');
    const apiToken = await f.domain.apiTokens.create(user.id, { name: 't', permissions: ['encode', 'decode'] });
    const text = 'The quick brown fox jumps over the lazy dog.';
    await f.domain.admin.suspend(user.email, 'chargeback #1');
    const operations = {
      accounts: {
        verifyEmail: () => f.domain.accounts.verifyEmail(user.verificationToken),
        getProfile: () => f.domain.accounts.getProfile(user.id),
        updateProfile: () => f.domain.accounts.updateProfile(user.id, { username: 'x' }),
        changePassword: () =>
          f.domain.accounts.changePassword(user.id, { currentPassword: PASSWORD, newPassword: 'another pass 99' }),
      },
      sessions: {
        login: () => f.domain.sessions.login({ email: user.email, password: PASSWORD }),
        refresh: () => f.domain.sessions.refresh(login.refreshToken),
        authenticate: () => f.domain.sessions.authenticate(login.accessToken),
      },
      apiTokens: {
        create: () => f.domain.apiTokens.create(user.id, { name: 't2', permissions: ['encode'] }),
        list: () => f.domain.apiTokens.list(user.id),
        page: () => f.domain.apiTokens.page(user.id, {}),
        revoke: () => f.domain.apiTokens.revoke(user.id, apiToken.id),
      },
      channels: {
        create: () => f.domain.channels.create(user.id, 'blog'),
        list: () => f.domain.channels.list(user.id),
        deactivate: () => f.domain.channels.deactivate(user.id, channel.id),
        addSigningKey: () => f.domain.channels.addSigningKey(user.id, channel.id),
        updatePublication: () => f.domain.channels.updatePublication(user.id, channel.id, { keys_public: true }),
        withdrawSigningKey: () => f.domain.channels.withdrawSigningKey(user.id, channel.id, '0123456789abcdef'),
        setC2paCertificate: () => f.domain.channels.setC2paCertificate(user.id, channel.id, { make: {} }),
        c2paCertificate: () => f.domain.channels.c2paCertificate(user.id, channel.id),
      },
      credits: {
        balance: () => f.domain.credits.balance(user.id),
        quota: () => f.domain.credits.quota(user.id),
        usage: () => f.domain.credits.usage(user.id),
        dailyUsage: () => f.domain.credits.dailyUsage(user.id, 30),
        prunedBefore: () => f.domain.credits.prunedBefore(user.id),
      },
      watermark: {
        identify: () => f.domain.watermark.identify(apiToken.token),
        encode: () => f.domain.watermark.encode(apiToken.token, { text, secret: 's' }),
        encodeRobust: () => f.domain.watermark.encodeRobust(apiToken.token, { text, secret: 's' }),
        decode: () => f.domain.watermark.decode(apiToken.token, { text }),
        decodeRobust: () => f.domain.watermark.decodeRobust(apiToken.token, { text }),
        analyze: () => f.domain.watermark.analyze(apiToken.token, { encoded: text }),
        strip: () => f.domain.watermark.strip(apiToken.token, { text }),
        reveal: () => f.domain.watermark.reveal(apiToken.token, { text }),
        c2paSign: () => f.domain.watermark.c2paSign(apiToken.token, { text }),
      },
    } satisfies Partial<Record<keyof Domain, Record<string, () => unknown>>>;
    // every operation of these parts of the domain is listed, except creating a new account and ending a session
    const exempt = ['accounts.register', 'sessions.logout', 'sessions.endSession'];
    for (const part of Object.keys(operations) as (keyof typeof operations)[]) {
      const listed: Record<string, () => unknown> = operations[part];
      const all = Object.keys(f.domain[part]).filter((name) => !exempt.includes(`${part}.${name}`));
      expect(Object.keys(listed).sort(), part).toEqual(all.sort());
      for (const [name, operation] of Object.entries(listed)) {
        expect((await refusal(operation)).code, `${part}.${name}`).toBe('ACCOUNT_SUSPENDED');
      }
    }
    // and every account operation (the copies), by name: a new one is refused here without a line
    const runAs = f.domain.accountOperations.forCaller(apiToken.token);
    for (const name of ACCOUNT_OPERATION_NAMES)
      expect((await refusal(() => runAs(name, {} as never))).code, name).toBe('ACCOUNT_SUSPENDED');
    await f.domain.admin.unsuspend(user.email);
    expect((await f.domain.sessions.authenticate(login.accessToken)).user.id).toBe(user.id);
    // nothing was consumed or changed while suspended: the verification link and the token still work
    await f.domain.accounts.verifyEmail(user.verificationToken);
    expect((await f.domain.watermark.analyze(apiToken.token, { encoded: text })).variation_selectors).toBe(0);
    const channels = await f.domain.channels.list(user.id);
    expect(channels.map((c) => [c.is_active, c.signing_keys.length, c.keys_public])).toEqual([[true, 0, false]]);
  });

  it('does not tell strangers that an account is suspended', async () => {
    const user = await makeUser(f.domain);
    await f.domain.admin.suspend(user.email);
    expect(
      (await refusal(() => f.domain.sessions.login({ email: user.email, password: 'wrong password 1' }))).code,
    ).toBe('INVALID_CREDENTIALS');
  });
});

describe('concurrent registration', () => {
  it('of one address creates one account and answers EMAIL_TAKEN to the other', async () => {
    const input = { email: 'race@example.com', username: 'r', password: PASSWORD };
    const results = await Promise.allSettled([f.domain.accounts.register(input), f.domain.accounts.register(input)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ code: 'EMAIL_TAKEN' });
    expect(await f.domain.admin.listUsers()).toHaveLength(1);
  });
});
