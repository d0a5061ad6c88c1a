import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHashGate } from '../../src/domain/hash-gate.js';
import { hashPassword } from '../../src/domain/password-hash.js';
import { makeFixture, makeUser, PASSWORD, refusal, type Fixture } from './fixture.js';

let f: Fixture;
beforeEach(async () => {
  f = await makeFixture();
});
afterEach(() => f.close());

const NEW_PASSWORD = 'Another pass 99';
const TEXT = 'The quick brown fox jumps over the lazy dog.';

describe('a password change', () => {
  it('refuses every access token issued before it and every other refresh session; the caller goes on', async () => {
    const user = await makeUser(f.domain, { verified: true });
    const caller = await f.domain.sessions.login({ email: user.email, password: PASSWORD });
    const otherDevice = await f.domain.sessions.login({ email: user.email, password: PASSWORD });
    const refreshedElsewhere = await f.domain.sessions.refresh(otherDevice.refreshToken);

    // in the same second as the logins: the session epoch, not the issue time, tells old from new
    const change = { currentPassword: PASSWORD, newPassword: NEW_PASSWORD };
    const next = await f.domain.accounts.changePassword(user.id, change);

    for (const old of [caller.accessToken, otherDevice.accessToken, refreshedElsewhere.accessToken]) {
      const refused = await refusal(() => f.domain.sessions.authenticate(old));
      expect(refused.code).toBe('UNAUTHENTICATED');
      expect(refused.message).toMatch(/before the password was changed/);
    }
    for (const old of [caller.refreshToken, refreshedElsewhere.refreshToken]) {
      expect((await refusal(() => f.domain.sessions.refresh(old))).code).toBe('UNAUTHENTICATED');
    }
    // the caller's session goes on: a new access token, and a new refresh session that rotates as usual
    const principal = await f.domain.sessions.authenticate(next.accessToken);
    expect(principal.user.id).toBe(user.id);
    expect(next.refreshExpiresAt.getTime() - f.clock.now.getTime()).toBe(30 * 24 * 3600 * 1000);
    const rotated = await f.domain.sessions.refresh(next.refreshToken);
    expect((await f.domain.sessions.authenticate(rotated.accessToken)).sessionId).toBe(principal.sessionId);
    // the new session can be ended by logout like any other
    await f.domain.sessions.endSession(user.id, principal.sessionId!);
    expect((await refusal(() => f.domain.sessions.refresh(rotated.refreshToken))).code).toBe('UNAUTHENTICATED');
  });

  it('leaves API tokens working: they are not sessions', async () => {
    const user = await makeUser(f.domain, { verified: true });
    const apiToken = await f.domain.apiTokens.create(user.id, { name: 'ci', permissions: ['encode', 'decode'] });
    await f.domain.accounts.changePassword(user.id, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    const { encoded } = await f.domain.watermark.encode(apiToken.token, { text: TEXT, secret: 'kept' });
    expect((await f.domain.watermark.decode(apiToken.token, { text: encoded })).decoded).toBe('kept');
  });

  it('by the operator (`wm users passwd`) ends every session too', async () => {
    const user = await makeUser(f.domain);
    const login = await f.domain.sessions.login({ email: user.email, password: PASSWORD });
    await f.domain.admin.setPassword(user.email, NEW_PASSWORD);
    expect((await refusal(() => f.domain.sessions.authenticate(login.accessToken))).code).toBe('UNAUTHENTICATED');
    expect((await refusal(() => f.domain.sessions.refresh(login.refreshToken))).code).toBe('UNAUTHENTICATED');
    const fresh = await f.domain.sessions.login({ email: user.email, password: NEW_PASSWORD });
    expect((await f.domain.sessions.authenticate(fresh.accessToken)).user.id).toBe(user.id);
  });

  it('refuses a refresh session started under an earlier password even if it escaped revocation', async () => {
    const user = await makeUser(f.domain);
    const login = await f.domain.sessions.login({ email: user.email, password: PASSWORD });
    await f.domain.accounts.changePassword(user.id, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    // as if another instance's login had inserted its family after the revocation: un-revoke it by hand
    await f.sql('UPDATE refresh_tokens SET revoked_at = NULL WHERE user_id = ?', user.id);
    expect((await refusal(() => f.domain.sessions.refresh(login.refreshToken))).code).toBe('UNAUTHENTICATED');
  });

  it('keeps access tokens issued before the epoch claim existed working until the first change', async () => {
    const user = await makeUser(f.domain);
    const login = await f.domain.sessions.login({ email: user.email, password: PASSWORD });
    // a token of the previous release has no "ver" claim: it counts as epoch 0, every account's start
    const { SignJWT, decodeJwt } = await import('jose');
    const { deriveKeys } = await import('../../src/domain/keys.js');
    const { ver: _ver, ...claims } = decodeJwt(login.accessToken);
    const legacy = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(deriveKeys(f.masterKey).jwt);
    expect((await f.domain.sessions.authenticate(legacy)).user.id).toBe(user.id);
    await f.domain.accounts.changePassword(user.id, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect((await refusal(() => f.domain.sessions.authenticate(legacy))).code).toBe('UNAUTHENTICATED');
  });

  it('does not overwrite a password that changed while the current one was being checked', async () => {
    // a hash gate the test holds fixes the interleaving: the change has read the row and waits to hash when the
    // operator's UPDATE commits (relying on timing failed on PostgreSQL, where the change sometimes committed first)
    await f.close();
    const gate = createHashGate({ concurrency: 1, queueLength: 1 });
    f = await makeFixture({}, { hashGate: gate });
    const user = await makeUser(f.domain);
    const meanwhile = await hashPassword('Operator set 123', 10);
    let release!: () => void;
    const holding = gate.run(1, () => new Promise<void>((resolve) => (release = resolve)));
    const pending = refusal(() =>
      f.domain.accounts.changePassword(user.id, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }),
    );
    await vi.waitFor(() => expect(gate.load().waiting).toBe(1));
    await f.sql('UPDATE users SET password_hash = ? WHERE id = ?', meanwhile, user.id);
    release();
    await holding;
    expect((await pending).code).toBe('INVALID_CREDENTIALS');
    await f.domain.sessions.login({ email: user.email, password: 'Operator set 123' });
  });
});
