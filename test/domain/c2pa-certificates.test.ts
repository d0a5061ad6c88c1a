import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newCredentials, parseCertificates, readCredentials, signText, verifyText } from 'wm-watermark-c2pa';
import { createPrivateKey } from 'node:crypto';
import { c2paSealContext } from '../../src/domain/c2pa-certificates.js';
import { deriveKeys, openSealedKey } from '../../src/domain/keys.js';
import { databaseBytes, makeFixture, makeUser, refusal, type Fixture } from './fixture.js';

let f: Fixture;
beforeEach(async () => {
  f = await makeFixture();
});
afterEach(() => f.close());

const TEXT = 'Minutes of the meeting: the budget was approved.\n';
const GENERATOR = { name: 'wm', version: 'test' };

/** The channel's credentials as the server unseals them: the key opened with the master key, the chain stored. */
async function credentialsOf(channelId: string) {
  const row = await f.store.c2paCertificates.of(channelId);
  if (!row) return undefined;
  const der = openSealedKey(deriveKeys(f.masterKey).channelWrap, row.sealedKey, c2paSealContext(channelId));
  const pem = createPrivateKey({ key: Buffer.from(der), format: 'der', type: 'pkcs8' }).export({
    format: 'pem',
    type: 'pkcs8',
  });
  return readCredentials(String(pem), row.chainPem, f.clock.now);
}

async function channelOf(name = 'press') {
  const user = await makeUser(f.domain, { plan: 'starter' });
  const channel = await f.domain.channels.create(user.id, name);
  return { user, channel };
}

describe("a channel's C2PA certificate", () => {
  it('made here: a signer named after the channel, under a root of its own that readers may trust', async () => {
    const { user, channel } = await channelOf('Ada Press');
    const other = await f.domain.channels.create(user.id, 'blog');
    const holding = async () => (await f.domain.channels.list(user.id)).map((c) => [c.id, c.c2pa_certificate]);
    expect(await holding()).toEqual([
      [channel.id, false],
      [other.id, false],
    ]);
    const made = await f.domain.channels.setC2paCertificate(user.id, channel.id, { make: { algorithm: 'ed25519' } });
    // the channel list says which channels sign Content Credentials (the checker offers their tokens)
    expect(await holding()).toEqual([
      [channel.id, true],
      [other.id, false],
    ]);
    expect(made).toMatchObject({
      origin: 'made',
      algorithm: 'ed25519',
      signer: 'Ada Press',
      organization: 'Ada Press',
    });
    expect(made.issuer).toContain('Ada Press (root)');
    expect(parseCertificates(made.chain_pem)).toHaveLength(2);
    expect(await f.domain.channels.c2paCertificate(user.id, channel.id)).toEqual(made);

    const credentials = (await credentialsOf(channel.id))!;
    const signed = signText(TEXT, { credentials, generator: GENERATOR, now: f.clock.now });
    const anchor = parseCertificates(made.anchor_pem);
    const trusted = await verifyText(signed.text, { trustAnchors: anchor, at: f.clock.now });
    expect(trusted).toMatchObject({ state: 'trusted', signer: { name: 'Ada Press' } });
    // without the root in a trust list: signed, unknown signer
    expect((await verifyText(signed.text, { at: f.clock.now }))?.state).toBe('valid');
  });

  it('imported with its chain; a key that is not the certificate’s, or a self-signed one, is refused', async () => {
    const { user, channel } = await channelOf();
    const ca = await newCredentials({ algorithm: 'es256', name: 'Press CA', days: 30, now: f.clock.now });
    const other = await newCredentials({ algorithm: 'es256', name: 'Other', days: 30, now: f.clock.now });
    const imported = await f.domain.channels.setC2paCertificate(user.id, channel.id, {
      import: { private_key_pem: ca.privateKeyPem, chain_pem: ca.chainPem },
    });
    expect(imported).toMatchObject({ origin: 'imported', algorithm: 'es256', signer: 'Press CA' });

    const wrongKey = await refusal(() =>
      f.domain.channels.setC2paCertificate(user.id, channel.id, {
        import: { private_key_pem: other.privateKeyPem, chain_pem: ca.chainPem },
      }),
    );
    expect(wrongKey.code).toBe('VALIDATION');
    expect(wrongKey.message).toMatch(/not the certificate's/);
    const selfSigned = await refusal(() =>
      f.domain.channels.setC2paCertificate(user.id, channel.id, {
        import: { private_key_pem: ca.privateKeyPem, chain_pem: ca.rootPem },
      }),
    );
    expect(selfSigned.code).toBe('VALIDATION');
    // a refused import leaves the certificate the channel held
    expect(await f.domain.channels.c2paCertificate(user.id, channel.id)).toEqual(imported);
  });

  it('refuses what it cannot make, and answers NOT_FOUND for a channel without one or of another account', async () => {
    const { user, channel } = await channelOf();
    expect((await refusal(() => f.domain.channels.c2paCertificate(user.id, channel.id))).code).toBe('NOT_FOUND');
    expect(await credentialsOf(channel.id)).toBeUndefined();
    const bad = await refusal(() =>
      f.domain.channels.setC2paCertificate(user.id, channel.id, { make: { days: 0, signer_name: '' } }),
    );
    expect(bad.details).toMatchObject({ days: expect.any(String), signer_name: expect.any(String) });
    const stranger = await makeUser(f.domain, { plan: 'starter' });
    const foreign = await refusal(() => f.domain.channels.setC2paCertificate(stranger.id, channel.id, { make: {} }));
    expect(foreign.code).toBe('NOT_FOUND');
  });

  it('its private key is sealed at rest, for this channel only, and never in an answer', async () => {
    const { user, channel } = await channelOf();
    const made = await f.domain.channels.setC2paCertificate(user.id, channel.id, { make: {} });
    const [{ sealedKey }] = await f.store.c2paCertificates.sealedKeys();
    const wrap = deriveKeys(f.masterKey).channelWrap;
    const der = Buffer.from(openSealedKey(wrap, sealedKey, c2paSealContext(channel.id)));
    expect(() => openSealedKey(wrap, sealedKey, channel.id)).toThrow();
    const bytes = await databaseBytes(f);
    expect(bytes.includes(Buffer.from(made.signer))).toBe(true);
    const pemBody = der.toString('base64').slice(0, 40);
    for (const secret of [der, Buffer.from(der.toString('hex')), Buffer.from(pemBody)])
      expect(bytes.includes(secret)).toBe(false);
    expect(JSON.stringify(made)).not.toContain(pemBody);
  });
});
