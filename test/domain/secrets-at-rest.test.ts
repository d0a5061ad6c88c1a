import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { privateKeyPem } from 'wm-watermark-codec/key-files';
import { deriveKeys, openSealedKey } from '../../src/domain/keys.js';
import { signingSealContext } from '../../src/domain/signing-keys.js';
import { databaseBytes, makeFixture, makeUser, PASSWORD, type Fixture } from './fixture.js';

let f: Fixture;
beforeEach(async () => {
  f = await makeFixture();
});
afterEach(() => f.close());

describe('secrets at rest', () => {
  it('no password, token, refresh, verification or reset token or channel key is stored in plain text', async () => {
    const user = await makeUser(f.domain, { plan: 'starter' });
    const login = await f.domain.sessions.login({ email: user.email, password: PASSWORD });
    const rotated = await f.domain.sessions.refresh(login.refreshToken);
    const channel = await f.domain.channels.create(user.id, 'news', { signing: true });
    f.clock.advance(600);
    await f.domain.channels.addSigningKey(user.id, channel.id);
    const keyed = await f.domain.apiTokens.create(user.id, {
      name: 'k',
      permissions: ['encode'],
      signing_channel_id: channel.id,
    });
    const plain = await f.domain.apiTokens.create(user.id, { name: 'p', permissions: ['decode'] });
    const key = Buffer.from(await f.domain.admin.channelKey(user.email, 'news'));
    const reset = (await f.domain.recovery.issuePasswordReset(user.email))!;
    const resent = (await f.domain.recovery.issueVerification(user.email))!;

    const bytes = await databaseBytes(f);
    expect(bytes.length).toBeGreaterThan(0);
    // the test itself must be able to fail: non-secret values are found
    expect(bytes.includes(Buffer.from(user.email))).toBe(true);
    expect(bytes.includes(Buffer.from(keyed.token_prefix))).toBe(true);

    const secrets: [string, Buffer][] = [
      ['password', Buffer.from(PASSWORD)],
      ['keyed API token', Buffer.from(keyed.token)],
      ['plain API token', Buffer.from(plain.token)],
      ['API token without prefix', Buffer.from(plain.token.slice(10))],
      ['refresh token', Buffer.from(login.refreshToken)],
      ['rotated refresh token', Buffer.from(rotated.refreshToken)],
      ['verification token', Buffer.from(user.verificationToken)],
      ['resent verification token', Buffer.from(resent.token)],
      ['password-reset token', Buffer.from(reset.token)],
      ['channel key (raw)', key],
      ['channel key (hex)', Buffer.from(key.toString('hex'))],
      ['channel key (base64)', Buffer.from(key.toString('base64'))],
      ['master key', Buffer.from(f.masterKey)],
    ];
    const wrap = deriveKeys(f.masterKey).channelWrap;
    const sealedSeeds = await f.store.signingKeys.sealedSeeds();
    expect(sealedSeeds).toHaveLength(2);
    for (const { keyId, channelId, sealedSeed } of sealedSeeds) {
      const seed = Buffer.from(openSealedKey(wrap, sealedSeed, signingSealContext(channelId, keyId)));
      secrets.push(
        [`signing key ${keyId} (raw)`, seed],
        [`signing key ${keyId} (hex)`, Buffer.from(seed.toString('hex'))],
        [`signing key ${keyId} (base64)`, Buffer.from(seed.toString('base64'))],
        [`signing key ${keyId} (PEM)`, Buffer.from(privateKeyPem(seed).split('\n')[1])],
      );
      // a sealed seed opens only as the key it was sealed as: not for another key id, nor as a channel key
      expect(() => openSealedKey(wrap, sealedSeed, channelId)).toThrow();
    }
    for (const [name, secret] of secrets) {
      expect(bytes.includes(secret), name).toBe(false);
    }
  });
});
