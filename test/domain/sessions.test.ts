import { randomBytes } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { deriveKeys } from '../../src/domain/keys.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeFixture, makeUser, PASSWORD, refusal, TEST_SCRYPT_LN, type Fixture } from './fixture.js';

let f: Fixture;
beforeEach(async () => {
  f = await makeFixture();
});
afterEach(() => f.close());

describe('login', () => {
  it('returns a 2-hour HS256 access token, a 30-day refresh token and the user with plan', async () => {
    const user = await makeUser(f.domain);
    const login = await f.domain.sessions.login({
      email: ' USER' + user.email.slice(4).toUpperCase(),
      password: PASSWORD,
    });
    expect(login.user).toMatchObject({ id: user.id, plan: 'free' });
    expect(login.accessExpiresAt.getTime() - f.clock.now.getTime()).toBe(2 * 3600 * 1000);
    expect(login.refreshExpiresAt.getTime() - f.clock.now.getTime()).toBe(30 * 24 * 3600 * 1000);
    const header = JSON.parse(Buffer.from(login.accessToken.split('.')[0], 'base64url').toString());
    expect(header.alg).toBe('HS256');
    const claims = JSON.parse(Buffer.from(login.accessToken.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({
      sub: user.id,
      iat: expect.any(Number),
      exp: claims.iat + 7200,
      jti: expect.any(String),
    });
    expect((await f.domain.sessions.authenticate(login.accessToken)).user.id).toBe(user.id);
  });

  it('gives the same answer for an unknown email and a wrong password', async () => {
    const user = await makeUser(f.domain);
    const unknown = await refusal(() =>
      f.domain.sessions.login({ email: 'nobody@example.com', password: 'wrong password 1' }),
    );
    const wrong = await refusal(() => f.domain.sessions.login({ email: user.email, password: 'wrong password 1' }));
    expect(unknown.code).toBe('INVALID_CREDENTIALS');
    expect(wrong).toMatchObject({ code: unknown.code, message: unknown.message, details: unknown.details });
  });

  it('refuses missing fields as VALIDATION', async () => {
    expect((await refusal(() => f.domain.sessions.login({ email: '', password: '' }))).code).toBe('VALIDATION');
  });

  it('rehashes a password stored at a lower cost', async () => {
    const user = await makeUser(f.domain);
    const stronger = await f.reopen();
    const stored = async () =>
      (await f.sql<{ h: string }>('select password_hash as h from users where id = ?', user.id))[0].h;
    expect(await stored()).toContain(`ln=${TEST_SCRYPT_LN},`);
    // a domain configured with a higher cost upgrades the hash at the next successful login
    const { createDomain } = await import('../../src/domain/index.js');
    const upgraded = createDomain({
      store: stronger.store,
      masterKey: f.masterKey,
      config: { scryptLogN: TEST_SCRYPT_LN + 1 },
    });
    await upgraded.sessions.login({ email: user.email, password: PASSWORD });
    expect(await stored()).toContain(`ln=${TEST_SCRYPT_LN + 1},`);
  });
});

describe('access tokens', () => {
  it('expire after their lifetime', async () => {
    const user = await makeUser(f.domain);
    const { accessToken } = await f.domain.sessions.login({ email: user.email, password: PASSWORD });
    f.clock.advance(7200 + 1);
    const error = await refusal(() => f.domain.sessions.authenticate(accessToken));
    expect(error).toMatchObject({ code: 'UNAUTHENTICATED', message: 'The access token has expired' });
  });

  it('pin the algorithm: alg none, HS384/HS512 with the right key and foreign keys are refused', async () => {
    const user = await makeUser(f.domain);
    const now = Math.floor(f.clock.now.getTime() / 1000);
    const claims = { sub: user.id, iat: now, exp: now + 60, jti: 'x', iss: 'wm', aud: 'wm-api' };
    const realKey = deriveKeys(f.masterKey).jwt;
    // the control: the same claims, HS256, the service's own key, are accepted
    const genuine = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(realKey);
    expect((await f.domain.sessions.authenticate(genuine)).user.id).toBe(user.id);
    const unsecured = new UnsecuredJWT(claims).encode();
    const foreign = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(randomBytes(32));
    // right key, other algorithm: refused only because the algorithm is pinned
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(realKey);
    const hs384 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS384' }).sign(realKey);
    for (const token of [unsecured, foreign, hs512, hs384, 'garbage', '']) {
      expect((await refusal(() => f.domain.sessions.authenticate(token))).code).toBe('UNAUTHENTICATED');
    }
  });

  it('stop working when the user is deleted', async () => {
    const user = await makeUser(f.domain);
    const { accessToken } = await f.domain.sessions.login({ email: user.email, password: PASSWORD });
    await f.domain.admin.deleteUser(user.email);
    expect((await refusal(() => f.domain.sessions.authenticate(accessToken))).code).toBe('UNAUTHENTICATED');
  });

  it('stay valid after logout until they expire', async () => {
    const user = await makeUser(f.domain);
    const login = await f.domain.sessions.login({ email: user.email, password: PASSWORD });
    await f.domain.sessions.logout(login.refreshToken);
    expect((await f.domain.sessions.authenticate(login.accessToken)).user.id).toBe(user.id);
  });
});

describe('refresh tokens', () => {
  it('rotate on every refresh', async () => {
    const user = await makeUser(f.domain);
    const login = await f.domain.sessions.login({ email: user.email, password: PASSWORD });
    f.clock.advance(60);
    const first = await f.domain.sessions.refresh(login.refreshToken);
    expect(first.refreshToken).not.toBe(login.refreshToken);
    expect(first.refreshExpiresAt.getTime() - f.clock.now.getTime()).toBe(30 * 24 * 3600 * 1000);
    expect((await f.domain.sessions.authenticate(first.accessToken)).user.id).toBe(user.id);
    const second = await f.domain.sessions.refresh(first.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
  });

  it('presenting a rotated token revokes the whole family, other logins untouched', async () => {
    const user = await makeUser(f.domain);
    const stolen = await f.domain.sessions.login({ email: user.email, password: PASSWORD });
    const otherDevice = await f.domain.sessions.login({ email: user.email, password: PASSWORD });
    const rotated = await f.domain.sessions.refresh(stolen.refreshToken);
    const reuse = await refusal(() => f.domain.sessions.refresh(stolen.refreshToken));
    expect(reuse.code).toBe('UNAUTHENTICATED');
    expect(reuse.message).toMatch(/already used/);
    // the legitimate holder's newest token died with its family
    expect((await refusal(() => f.domain.sessions.refresh(rotated.refreshToken))).code).toBe('UNAUTHENTICATED');
    await f.domain.sessions.refresh(otherDevice.refreshToken);
  });

  it('expire after 30 days', async () => {
    const user = await makeUser(f.domain);
    const login = await f.domain.sessions.login({ email: user.email, password: PASSWORD });
    f.clock.advance(30 * 24 * 3600 + 1);
    expect((await refusal(() => f.domain.sessions.refresh(login.refreshToken))).code).toBe('UNAUTHENTICATED');
  });

  it('end with logout; logging out twice or with nothing is harmless', async () => {
    const user = await makeUser(f.domain);
    const login = await f.domain.sessions.login({ email: user.email, password: PASSWORD });
    await f.domain.sessions.logout(login.refreshToken);
    await f.domain.sessions.logout(login.refreshToken);
    await f.domain.sessions.logout(undefined);
    expect((await refusal(() => f.domain.sessions.refresh(login.refreshToken))).code).toBe('UNAUTHENTICATED');
    expect((await refusal(() => f.domain.sessions.refresh(''))).code).toBe('UNAUTHENTICATED');
  });

  it('are refused for a suspended account', async () => {
    const user = await makeUser(f.domain);
    const login = await f.domain.sessions.login({ email: user.email, password: PASSWORD });
    await f.domain.admin.suspend(user.email);
    expect((await refusal(() => f.domain.sessions.refresh(login.refreshToken))).code).toBe('ACCOUNT_SUSPENDED');
  });
});
