import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verify } from 'wm-watermark-codec';
import { parsePublishedKeySet } from 'wm-watermark-codec/key-files';
import { MAX_SIGNATURES_CHECKED } from '../../src/domain/watermark.js';
import { makeFixture, makeUser, refusal, type Fixture } from './fixture.js';

let f: Fixture;
beforeEach(async () => {
  f = await makeFixture({ freeCredits: 100 });
});
afterEach(() => f.close());

const CARRIER = 'The quick brown fox jumps over the lazy dog while the cat sleeps in the warm afternoon sun. '.repeat(
  8,
);

/** A verified starter account with a channel that has a signing key, and a token of that channel that signs. */
async function signingSetup(name = 'press') {
  const user = await makeUser(f.domain, { verified: true, plan: 'starter' });
  const channel = await f.domain.channels.create(user.id, name, { signing: true });
  const token = await f.domain.apiTokens.create(user.id, {
    name: 'signer',
    permissions: ['encode', 'decode'],
    signing_channel_id: channel.id,
    sign: true,
  });
  return { user, channel, token: token.token };
}

/** The owner asks for publication and the operator approves it. */
async function publish(user: { id: string; email: string }, channelId: string, change: object = {}) {
  const asked = await f.domain.channels.updatePublication(user.id, channelId, { keys_public: true, ...change });
  return f.domain.admin.approvePublication(user.email, asked.channel_name);
}

describe('signing keys of channels', () => {
  it('a channel is created with a key pair, or given one later; rotation retires, never removes', async () => {
    const user = await makeUser(f.domain, { plan: 'starter' });
    const signed = await f.domain.channels.create(user.id, 'signed', { signing: true });
    expect(signed.signing_keys).toHaveLength(1);
    const [key] = signed.signing_keys;
    expect(key.key_id).toMatch(/^[0-9a-f]{16}$/);
    expect(Buffer.from(key.public_key, 'base64url')).toHaveLength(32);
    expect(key).toMatchObject({ created_at: f.clock.now.toISOString(), retired_at: null });
    expect(signed).toMatchObject({ keys_public: false, signer_name: null });

    const plain = await f.domain.channels.create(user.id, 'plain');
    expect(plain.signing_keys).toEqual([]);
    const added = await f.domain.channels.addSigningKey(user.id, plain.id);
    expect(added.signing_keys).toHaveLength(1);

    f.clock.advance(600);
    const rotated = await f.domain.channels.addSigningKey(user.id, signed.id);
    expect(rotated.signing_keys.map((k) => [k.key_id === key.key_id, k.retired_at])).toEqual([
      [false, null],
      [true, f.clock.now.toISOString()],
    ]);
    const listed = await f.domain.channels.list(user.id);
    expect(listed.map((c) => c.signing_keys.length)).toEqual([2, 1]);
    expect(listed[0].signing_keys).toEqual(rotated.signing_keys);
  });

  it("only the owner may add keys or publish them: another account's channel is NOT_FOUND", async () => {
    const { channel } = await signingSetup();
    const stranger = await makeUser(f.domain, { plan: 'starter' });
    expect((await refusal(() => f.domain.channels.addSigningKey(stranger.id, channel.id))).code).toBe('NOT_FOUND');
    const publish = () => f.domain.channels.updatePublication(stranger.id, channel.id, { keys_public: true });
    expect((await refusal(publish)).code).toBe('NOT_FOUND');
  });

  it('a signing token needs a channel that has a key; sign is refused otherwise, per field', async () => {
    const user = await makeUser(f.domain, { plan: 'starter' });
    const keyless = await f.domain.channels.create(user.id, 'keyless');
    const create = (input: object) =>
      f.domain.apiTokens.create(user.id, { name: 't', permissions: ['encode'], ...input });
    const noChannel = await refusal(() => create({ sign: true }));
    expect(noChannel.details).toEqual({ sign: expect.stringContaining('needs a channel') });
    const noKey = await refusal(() => create({ sign: true, signing_channel_id: keyless.id }));
    expect(noKey.details).toEqual({ sign: expect.stringContaining('no signing key') });
    expect((await refusal(() => create({ sign: 'yes' }))).details).toEqual({ sign: 'must be true or false' });
    await f.domain.channels.addSigningKey(user.id, keyless.id);
    const token = await create({ sign: true, signing_channel_id: keyless.id });
    expect(token.sign).toBe(true);
    expect((await f.domain.apiTokens.list(user.id)).map((t) => t.sign)).toEqual([true]);
    expect((await create({ signing_channel_id: keyless.id })).sign).toBe(false);
  });

  it('a signing token signs (keyed too) and its decode verifies with the own key; bind_text tells edits', async () => {
    const { channel, token } = await signingSetup();
    const keyId = channel.signing_keys[0].key_id;
    const encoded = await f.domain.watermark.encode(token, { text: CARRIER, secret: 'story 4711', bindText: true });
    expect(encoded).toMatchObject({ keyed: true, signature: { key_id: keyId, text_bound: true } });
    const decoded = await f.domain.watermark.decode(token, { text: encoded.encoded });
    expect(decoded.decoded).toBe('story 4711');
    expect(decoded.signature).toEqual({
      status: 'valid',
      signed: true,
      key_id: keyId,
      known_signer: true,
      signer: 'press',
      valid: true,
      text_bound: true,
      text_matches: true,
    });
    const edited = encoded.encoded.replace('lazy dog', 'sleepy dog');
    expect((await f.domain.watermark.decode(token, { text: edited })).signature).toMatchObject({
      status: 'valid',
      text_matches: false,
    });

    const robust = await f.domain.watermark.encodeRobust(token, { text: CARRIER, secret: '#7' });
    expect(robust.signature).toEqual({ key_id: keyId, text_bound: false });
    expect((await f.domain.watermark.decodeRobust(token, { text: robust.watermarked })).signature).toMatchObject({
      status: 'valid',
      signer: 'press',
      text_bound: false,
      text_matches: null,
    });
  });

  it('bind_text without a signing token is refused by field and costs nothing', async () => {
    const user = await makeUser(f.domain, { verified: true, plan: 'starter' });
    const channel = await f.domain.channels.create(user.id, 'c', { signing: true });
    const { token } = await f.domain.apiTokens.create(user.id, {
      name: 'keyed only',
      permissions: ['encode'],
      signing_channel_id: channel.id,
    });
    const before = (await f.domain.credits.balance(user.id)).balance;
    for (const work of [
      () => f.domain.watermark.encode(token, { text: CARRIER, secret: 's', bindText: true }),
      () => f.domain.watermark.encodeRobust(token, { text: CARRIER, secret: 's', bindText: true }),
    ]) {
      const refused = await refusal(work);
      expect(refused.code).toBe('VALIDATION');
      expect(Object.keys(refused.details!)).toEqual(['bind_text']);
    }
    expect((await f.domain.credits.balance(user.id)).balance).toBe(before);
    // a channel token that does not sign makes keyed marks without a signature
    expect((await f.domain.watermark.encode(token, { text: CARRIER, secret: 's' })).signature).toBeUndefined();
  });

  it("another account's decode knows the signer only once its keys are published, under the signer name", async () => {
    const { user, channel } = await signingSetup();
    const { token } = await f.domain.apiTokens.create(user.id, {
      name: 'public marks',
      permissions: ['encode'],
      signing_channel_id: channel.id,
      sign: true,
      encrypt: false,
    });
    const marked = await f.domain.watermark.encode(token, { text: CARRIER, secret: 'public' });
    expect(marked).toMatchObject({ keyed: false, signature: { key_id: channel.signing_keys[0].key_id } });

    const reader = await makeUser(f.domain, { verified: true });
    const { token: readerToken } = await f.domain.apiTokens.create(reader.id, { name: 'r', permissions: ['decode'] });
    const read = () => f.domain.watermark.decode(readerToken, { text: marked.encoded });
    expect((await read()).decoded).toBe('public');
    expect((await read()).signature).toMatchObject({ status: 'unknown_key', known_signer: false, signer: null });

    await f.domain.channels.updatePublication(user.id, channel.id, { keys_public: true, signer_name: 'Example News' });
    // asking is not enough: the operator approves a name
    expect((await read()).signature).toMatchObject({ status: 'unknown_key', known_signer: false, signer: null });
    await f.domain.admin.approvePublication(user.email, channel.channel_name);
    expect((await read()).signature).toMatchObject({ status: 'valid', known_signer: true, signer: 'Example News' });
  });

  it('decode-robust verifies every robust mark of a text, not only the first', async () => {
    const { user, channel, token } = await signingSetup();
    const plainToken = (await f.domain.apiTokens.create(user.id, { name: 'p', permissions: ['encode', 'decode'] }))
      .token;
    const robust = async (apiToken: string, secret: string) =>
      (await f.domain.watermark.encodeRobust(apiToken, { text: CARRIER, secret })).watermarked;
    const text = `${await robust(plainToken, 'unsigned')}\n\n${await robust(token, 'signed')}`;
    const read = async () => (await f.domain.watermark.decodeRobust(token, { text, acceptUnkeyed: true })).watermarks;
    // the first mark is unsigned, the second signed by the caller's own channel: known without publication
    expect((await read()).map((found) => [found.decoded, found.signature.status])).toEqual([
      ['unsigned', 'unsigned'],
      ['signed', 'valid'],
    ]);
    // the token is keyed: without acceptUnkeyed the unkeyed mark is left out, and the answer says so
    const keyedOnly = await f.domain.watermark.decodeRobust(token, { text });
    expect(keyedOnly.watermarks.map((found) => found.decoded)).toEqual(['signed']);
    expect(keyedOnly.warnings).toEqual([expect.stringMatching(/^1 unkeyed watermark left out/)]);
    // a second signer's mark (public, not encrypted) after the first signer's: both keys looked up
    const other = await signingSetup('wire');
    await publish(other.user, other.channel.id);
    const publicToken = await f.domain.apiTokens.create(other.user.id, {
      name: 'public',
      permissions: ['encode'],
      signing_channel_id: other.channel.id,
      sign: true,
      encrypt: false,
    });
    const both = `${await robust(token, 'first')}\n\n${await robust(publicToken.token, 'second')}`;
    const decoded = await f.domain.watermark.decodeRobust(token, { text: both, acceptUnkeyed: true });
    expect(decoded.watermarks.map((found) => [found.decoded, found.signature.status])).toEqual([
      ['first', 'valid'],
      ['second', 'valid'],
    ]);
    expect(decoded.watermarks[1].signature.key_id).not.toBe(channel.signing_keys[0].key_id);
  });

  it('a decode checks at most MAX_SIGNATURES_CHECKED signatures; beyond, it refuses by field, free', async () => {
    const { user, token } = await signingSetup();
    const one = (await f.domain.watermark.encode(token, { text: 'ab', secret: 'x', method: 'char' })).encoded;
    const most = await f.domain.watermark.decode(token, { text: one.repeat(MAX_SIGNATURES_CHECKED) });
    expect(most.watermarks).toHaveLength(MAX_SIGNATURES_CHECKED);
    expect(most.watermarks.every((found) => found.signature.status === 'valid')).toBe(true);
    const before = (await f.domain.credits.balance(user.id)).balance;
    const refused = await refusal(() =>
      f.domain.watermark.decode(token, { text: one.repeat(MAX_SIGNATURES_CHECKED + 1) }),
    );
    expect(refused.code).toBe('VALIDATION');
    expect(refused.details!.text).toMatch(/holds 257 signed marks of known signers/);
    expect((await f.domain.credits.balance(user.id)).balance).toBe(before);
  });

  it('encrypt false is for signing tokens only; an encrypting signing token still reads and signs keyed', async () => {
    const { user, channel } = await signingSetup();
    const refused = await refusal(() =>
      f.domain.apiTokens.create(user.id, {
        name: 'x',
        permissions: ['encode'],
        signing_channel_id: channel.id,
        encrypt: false,
      }),
    );
    expect(refused.details).toEqual({ encrypt: expect.stringContaining('signing tokens only') });
    const listed = await f.domain.apiTokens.list(user.id);
    expect(listed.map((t) => [t.sign, t.encrypt])).toEqual([[true, true]]);
    const plain = await f.domain.apiTokens.create(user.id, { name: 'p', permissions: ['decode'] });
    expect([plain.sign, plain.encrypt]).toEqual([false, false]);
  });
});

describe('the published key set', () => {
  it('lists every key, retired ones dated, of the channels marked public, under their signer name', async () => {
    const { user, channel } = await signingSetup('press');
    await f.domain.channels.create(user.id, 'private', { signing: true });
    expect(await f.domain.publicKeys.keySet()).toEqual({ keys: [] });

    await publish(user, channel.id, { signer_name: ' Example News ' });
    const first = channel.signing_keys[0];
    f.clock.advance(3600);
    const rotated = await f.domain.channels.addSigningKey(user.id, channel.id);
    const set = await f.domain.publicKeys.keySet('https://keys.example');
    expect(set.issuer).toBe('https://keys.example');
    const username = (await f.domain.accounts.getProfile(user.id)).user.username;
    expect(set.keys.map((k) => [k.kid, k.name, k.account, k.created, k.retired])).toEqual([
      [first.key_id, 'Example News', username, first.created_at, f.clock.now.toISOString()],
      [rotated.signing_keys[0].key_id, 'Example News', username, f.clock.now.toISOString(), null],
    ]);
    expect(set.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig', x: first.public_key });
    // what a verifier reads back is the same keys (kid checked against x)
    expect(parsePublishedKeySet(JSON.stringify(set), 'set').map((k) => k.keyId)).toEqual(set.keys.map((k) => k.kid));

    // a new name is a new decision of the operator's
    const renamed = await f.domain.channels.updatePublication(user.id, channel.id, { signer_name: '' });
    expect(renamed).toMatchObject({ keys_public: true, signer_name: null, keys_published: false });
    expect(await f.domain.publicKeys.keySet()).toEqual({ keys: [] });
    await f.domain.admin.approvePublication(user.email, 'press');
    expect((await f.domain.publicKeys.keySet()).keys.map((k) => k.name)).toEqual(['press', 'press']);
    await f.domain.channels.updatePublication(user.id, channel.id, { keys_public: false });
    expect(await f.domain.publicKeys.keySet()).toEqual({ keys: [] });
  });

  it('rotation keeps old texts verifying offline with the published set; forgeries never verify', async () => {
    const { user, channel, token } = await signingSetup();
    await publish(user, channel.id);
    const before = await f.domain.watermark.encode(token, { text: CARRIER, secret: 'old', bindText: true });
    f.clock.advance(600);
    await f.domain.channels.addSigningKey(user.id, channel.id);
    const after = await f.domain.watermark.encode(token, { text: CARRIER, secret: 'new', bindText: true });
    expect(after.signature!.key_id).not.toBe(before.signature!.key_id);

    const keys = parsePublishedKeySet(JSON.stringify(await f.domain.publicKeys.keySet()), 'wm-keys.json');
    for (const text of [before.encoded, after.encoded]) {
      expect(verify(text, { keys }).status).toBe('valid');
      // the server still verifies both, with the retired key too
      expect((await f.domain.watermark.decode(token, { text })).signature.status).toBe('valid');
    }
    // a signature moved onto another text: the bound digest no longer matches
    expect(verify(before.encoded.replace('quick', 'slow'), { keys }).status).toBe('text_changed');
    // a flipped payload selector anywhere in the mark: never valid
    const selectors = [...before.encoded].flatMap((c, i) => (/[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u.test(c) ? [i] : []));
    const chars = [...before.encoded];
    for (const at of selectors.slice(0, 40)) {
      const forged = [...chars];
      forged[at] = forged[at] === '\uFE00' ? '\uFE01' : '\uFE00';
      let status: string;
      try {
        status = verify(forged.join(''), { keys }).status;
      } catch {
        status = 'unreadable';
      }
      expect(status).not.toBe('valid');
    }
    expect(verify(before.encoded, { keys }).marks[0]).toMatchObject({ decoded: null, signature: { signer: 'press' } });
  });
});
