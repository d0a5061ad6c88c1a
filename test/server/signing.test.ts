import { writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32 } from 'wm-watermark-codec/crc32';
import { parseFrameAt } from '../../packages/codec/src/frame.js';
import { privateKeyPem } from 'wm-watermark-codec/key-files';
import { payloadBytes } from 'wm-watermark-codec/scan';
import { selectorsForBytes } from 'wm-watermark-codec/selectors';
import { pkcs8Of } from 'wm-watermark-codec/signing';
import { deriveKeys, openSealedKey } from '../../src/domain/keys.js';
import { signingSealContext } from '../../src/domain/signing-keys.js';
import { makeTempDir, runWm } from '../cli/codec-harness.js';
import { databaseBytes } from '../domain/fixture.js';
import { bearer, createApiToken, makeServer, signUp, type SignedInUser, type TestServer } from './harness.js';

const CARRIER = 'The quick brown fox jumps over the lazy dog while the cat sleeps in the warm afternoon sun. '.repeat(
  8,
);

let server: TestServer;
let owner: SignedInUser;
const logLines: string[] = [];
/** every answer of the test's requests, searched for the private keys at the end */
const answers: string[] = [];
const temp = makeTempDir();

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  server = await makeServer({ logStream });
  owner = await signUp(server, { plan: 'pro' });
  await server.fixture.domain.admin.grantCredits(owner.email, 10_000);
});
afterAll(async () => {
  await server.close();
  temp.remove();
});

async function call(options: InjectOptions): Promise<LightMyRequestResponse> {
  const response = await server.app.inject(options);
  answers.push(JSON.stringify(response.headers), response.body);
  return response;
}

const asOwner = (method: InjectOptions['method'], url: string, payload?: object) =>
  call({ method, url, headers: bearer(owner.accessToken), payload });

async function newChannel(name: string, body: object = { signing: true }) {
  const response = await asOwner('POST', '/api/v2/channels', { channel_name: name, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().channel;
}

/** A channel created public asks for publication: the operator approves it. */
async function newPublishedChannel(name: string) {
  const channel = await newChannel(name, { signing: true, keys_public: true });
  expect(channel.keys_published).toBe(false);
  await server.fixture.domain.admin.approvePublication(owner.email, name);
  return channel;
}

async function signingToken(channelId: string, extra: object = {}) {
  const response = await asOwner('POST', '/api/v2/tokens', {
    name: 'signer',
    permissions: ['encode', 'decode'],
    signing_channel_id: channelId,
    sign: true,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const watermark = (token: string, operation: string, payload: object) =>
  call({ method: 'POST', url: `/api/watermark/${operation}`, headers: bearer(token), payload });

const keySet = () => call({ method: 'GET', url: '/.well-known/wm-keys.json' });

/** The private seeds of every signing key made, by key id, for the search at the end (kept past a withdrawal). */
const seeds = new Map<string, Buffer>();
async function rememberSeeds(): Promise<void> {
  const wrap = deriveKeys(server.fixture.masterKey).channelWrap;
  for (const { sealedSeed, keyId, channelId } of await server.fixture.store.signingKeys.sealedSeeds()) {
    seeds.set(keyId, Buffer.from(openSealedKey(wrap, sealedSeed, signingSealContext(channelId, keyId))));
  }
}

/** `wm verify` (the built CLI) on `text` with the key set as the server published it. */
async function verifyOffline(text: string): Promise<{ code: number | null; out: string }> {
  const keys = temp.path('wm-keys.json');
  writeFileSync(keys, (await keySet()).body);
  const run = await runWm(['verify', '--keys', keys, '--json'], { input: text });
  return { code: run.code, out: run.out };
}

describe('signing channels over HTTP', () => {
  it('a channel made with a signing key shows its public part only; its tokens sign, decode verifies', async () => {
    const channel = await newChannel('press');
    expect(channel).toMatchObject({ keys_public: false, signer_name: null, signing_keys: [{ retired_at: null }] });
    const keyId: string = channel.signing_keys[0].key_id;
    const { token, sign, encrypt } = await signingToken(channel.id);
    expect([sign, encrypt]).toEqual([true, true]);

    const encoded = await watermark(token, 'encode', { text: CARRIER, secret: 'story 4711', bind_text: true });
    expect(encoded.statusCode, encoded.body).toBe(200);
    expect(encoded.json()).toMatchObject({ keyed: true, signature: { key_id: keyId, text_bound: true } });
    const decoded = await watermark(token, 'decode', { text: encoded.json().encoded });
    expect(decoded.json()).toMatchObject({
      decoded: 'story 4711',
      keyed: true,
      signature: { status: 'valid', key_id: keyId, known_signer: true, signer: 'press', text_matches: true },
      watermarks: [{ signature: { status: 'valid' } }],
    });

    const long = CARRIER.repeat(3);
    const robust = await watermark(token, 'encode-robust', { text: long, secret: '#7', bind_text: true });
    expect(robust.statusCode, robust.body).toBe(200);
    expect(robust.json().signature).toEqual({ key_id: keyId, text_bound: true });
    const edited = `${robust.json().watermarked} One sentence more.`;
    const robustDecoded = await watermark(token, 'decode-robust', { text: edited });
    expect(robustDecoded.json()).toMatchObject({
      decoded: '#7',
      signature: { status: 'valid', signer: 'press', text_bound: true, text_matches: false },
    });

    // the legacy encode signs as well
    const legacy = await call({
      method: 'POST',
      url: '/api/v1/encode',
      headers: bearer(token),
      payload: { original_text: CARRIER, payload: 'old client' },
    });
    expect(legacy.json().signature).toEqual({ key_id: keyId, text_bound: false });

    const listed = await asOwner('GET', '/api/v2/channels');
    expect(listed.json().channels[0]).toMatchObject({ id: channel.id, signing_keys: channel.signing_keys });
  });

  it('sign and bind_text are refused with a field message when they cannot apply, at no charge', async () => {
    const keyless = await newChannel('keyless', {});
    expect(keyless.signing_keys).toEqual([]);
    const refused = await asOwner('POST', '/api/v2/tokens', {
      name: 'x',
      permissions: ['encode'],
      signing_channel_id: keyless.id,
      sign: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().details)).toEqual(['sign']);
    const noSign = await asOwner('POST', '/api/v2/tokens', {
      name: 'x',
      permissions: ['encode'],
      signing_channel_id: keyless.id,
      encrypt: false,
    });
    expect(noSign.json().details).toEqual({ encrypt: expect.stringContaining('signing tokens only') });

    const { token } = await createApiToken(server, owner);
    const before = (await asOwner('GET', '/api/v2/credits/balance')).json().balance;
    for (const operation of ['encode', 'encode-robust']) {
      const response = await watermark(token, operation, { text: CARRIER, secret: 's', bind_text: true });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().details)).toEqual(['bind_text']);
    }
    const notBoolean = await watermark(token, 'encode', { text: CARRIER, secret: 's', bind_text: 'yes' });
    expect(notBoolean.statusCode).toBe(400);
    expect((await asOwner('GET', '/api/v2/credits/balance')).json().balance).toBe(before);
  });

  it('the key set lists public channels only, needs no credential, caches, and wm verify reads it', async () => {
    const channel = await newChannel('newsroom');
    await newChannel('private');
    const { token } = await signingToken(channel.id, { encrypt: false });
    const marked = (await watermark(token, 'encode', { text: CARRIER, secret: 'open', bind_text: true })).json();
    expect(marked.keyed).toBe(false);

    const hidden = await keySet();
    const ids = (response: LightMyRequestResponse) => response.json().keys.map((key: { kid: string }) => key.kid);
    expect(ids(hidden)).not.toContain(channel.signing_keys[0].key_id);
    expect((await verifyOffline(marked.encoded)).code).toBe(9);

    const patched = await asOwner('PATCH', `/api/v2/channels/${channel.id}`, {
      keys_public: true,
      signer_name: 'Example News',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().channel).toMatchObject({
      keys_public: true,
      signer_name: 'Example News',
      keys_published: false,
    });
    // asking is not publishing: the operator approves (wm channels publish --approve)
    expect(ids(await keySet())).not.toContain(channel.signing_keys[0].key_id);
    await server.fixture.domain.admin.approvePublication(owner.email, 'newsroom');
    const listed = (await asOwner('GET', '/api/v2/channels')).json().channels;
    expect(listed.find((found: { id: string }) => found.id === channel.id).keys_published).toBe(true);

    const published = await keySet();
    expect(published.statusCode).toBe(200);
    expect(published.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'public, max-age=300',
      'access-control-allow-origin': '*',
    });
    expect(published.json()).toEqual({
      issuer: 'http://wm.test',
      keys: [
        {
          kty: 'OKP',
          crv: 'Ed25519',
          x: channel.signing_keys[0].public_key,
          kid: channel.signing_keys[0].key_id,
          alg: 'EdDSA',
          use: 'sig',
          name: 'Example News',
          account: owner.username,
          created: channel.signing_keys[0].created_at,
          retired: null,
        },
      ],
    });
    const etag = published.headers.etag as string;
    const again = await call({ method: 'GET', url: '/.well-known/wm-keys.json', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const offline = await verifyOffline(marked.encoded);
    expect(offline.code, offline.out).toBe(0);
    expect(JSON.parse(offline.out)).toMatchObject({
      status: 'valid',
      marks: [{ decoded: 'open', signature: { signer: 'Example News', text_matches: true } }],
    });

    // another account's token reads the unencrypted mark and knows the published signer
    const reader = await signUp(server);
    const { token: readerToken } = await createApiToken(server, reader, { permissions: ['decode'] });
    const read = await watermark(readerToken, 'decode', { text: marked.encoded });
    expect(read.json()).toMatchObject({ decoded: 'open', signature: { status: 'valid', signer: 'Example News' } });

    // unpublished again: gone from the set, and unknown to other accounts
    await asOwner('PATCH', `/api/v2/channels/${channel.id}`, { keys_public: false });
    expect(ids(await keySet())).not.toContain(channel.signing_keys[0].key_id);
    const unknown = await watermark(readerToken, 'decode', { text: marked.encoded });
    expect(unknown.json().signature).toMatchObject({ status: 'unknown_key', known_signer: false });
    const nothing = await asOwner('PATCH', `/api/v2/channels/${channel.id}`, {});
    expect(nothing.statusCode).toBe(400);
  });

  it('rotation: old texts keep verifying with the fetched set, new marks name the new key', async () => {
    const channel = await newPublishedChannel('rotating');
    const { token } = await signingToken(channel.id);
    const before = (await watermark(token, 'encode', { text: CARRIER, secret: 'old' })).json();
    server.fixture.clock.advance(3600);
    const rotated = await asOwner('POST', `/api/v2/channels/${channel.id}/signing-keys`);
    expect(rotated.statusCode, rotated.body).toBe(201);
    expect(rotated.json().message).toBe('Signing key rotated');
    const keys = rotated.json().channel.signing_keys;
    expect(keys.map((key: { retired_at: string | null }) => key.retired_at)).toEqual([
      null,
      server.fixture.clock.now.toISOString(),
    ]);
    expect(keys[1].key_id).toBe(channel.signing_keys[0].key_id);
    const after = (await watermark(token, 'encode', { text: CARRIER, secret: 'new' })).json();
    expect(after.signature.key_id).toBe(keys[0].key_id);

    const set = (await keySet()).json().keys.filter((key: { name: string }) => key.name === 'rotating');
    expect(set.map((key: { kid: string; retired: string | null }) => [key.kid, key.retired])).toEqual([
      [keys[1].key_id, keys[1].retired_at],
      [keys[0].key_id, null],
    ]);
    for (const text of [before.encoded, after.encoded]) {
      expect((await verifyOffline(text)).code).toBe(0);
      expect((await watermark(token, 'decode', { text })).json().signature.status).toBe('valid');
    }
    const unknownChannel = await asOwner('POST', '/api/v2/channels/00000000-0000-4000-8000-000000000000/signing-keys');
    expect(unknownChannel.statusCode).toBe(404);

    // a retired key that leaked is withdrawn: out of the set, and its marks verify nowhere any more
    await rememberSeeds();
    const keyUrl = (keyId: string) => `/api/v2/channels/${channel.id}/signing-keys/${keyId}`;
    const current = await asOwner('DELETE', keyUrl(keys[0].key_id));
    expect(current.statusCode).toBe(409);
    expect(current.json().details).toEqual({ key_id: 'is the current key' });
    const withdrawn = await asOwner('DELETE', keyUrl(keys[1].key_id));
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().channel.signing_keys.map((key: { key_id: string }) => key.key_id)).toEqual([
      keys[0].key_id,
    ]);
    expect((await keySet()).json().keys.map((key: { kid: string }) => key.kid)).not.toContain(keys[1].key_id);
    expect((await verifyOffline(before.encoded)).code).toBe(9);
    expect((await watermark(token, 'decode', { text: before.encoded })).json().signature.status).toBe('unknown_key');
    expect((await verifyOffline(after.encoded)).code).toBe(0);
    expect((await asOwner('DELETE', keyUrl(keys[1].key_id))).statusCode).toBe(404);
  });

  it('forgeries of a server-signed mark never verify, by decode or offline', async () => {
    const channel = await newPublishedChannel('forged');
    const { token } = await signingToken(channel.id, { encrypt: false });
    const genuine = (
      await watermark(token, 'encode', { text: CARRIER, secret: 'ID-42', method: 'char', firstLetterOnly: true })
    ).json().encoded as string;
    const frame = payloadBytes(genuine);
    const parsed = parseFrameAt(frame, 0)!;
    expect(parsed.signed).toBe(true);
    const textWith = (bytes: Uint8Array) => CARRIER[0] + selectorsForBytes(bytes, 0, bytes.length) + CARRIER.slice(1);
    const withCrc = (bytes: Uint8Array) => {
      const crc = crc32(bytes, 0, bytes.length - 4);
      bytes.set([crc >>> 24, (crc >>> 16) & 0xff, (crc >>> 8) & 0xff, crc & 0xff], bytes.length - 4);
      return bytes;
    };
    expect(textWith(frame)).toBe(genuine);
    // one flipped bit in every byte before the CRC (magic and flags included), the CRC made right again
    for (let at = 0; at < frame.length - 4; at++) {
      const forged = frame.slice();
      forged[at] ^= 1 << (at % 8);
      const response = await watermark(token, 'decode', { text: textWith(withCrc(forged)) });
      const statuses =
        response.statusCode === 200 ? response.json().watermarks.map((w: any) => w.signature.status) : [];
      expect(statuses, `byte ${at}`).not.toContain('valid');
    }
    // the mark moved onto another text keeps its signature but never reads as made for that text
    const bound = (await watermark(token, 'encode', { text: CARRIER, secret: 'ID-43', bind_text: true })).json();
    const marks = [...bound.encoded].filter((c) => !CARRIER.includes(c)).join('');
    const moved = `Another text entirely${marks}, written by someone else.`;
    expect((await watermark(token, 'decode', { text: moved })).json().signature).toMatchObject({
      status: 'valid',
      text_matches: false,
    });
    expect((await verifyOffline(moved)).code).toBe(10);
  });
});

describe('the private signing keys', () => {
  it('never appear in an answer, a log line or the database in the clear', async () => {
    const channels = (await asOwner('GET', '/api/v2/channels')).json().channels as {
      signing_keys: { key_id: string }[];
    }[];
    await rememberSeeds();
    // every key the tests made, the withdrawn one included
    expect(seeds.size).toBe(6);
    const forms = [...seeds.values()].flatMap((seed) => [
      seed,
      Buffer.from(seed.toString('hex')),
      Buffer.from(seed.toString('base64')),
      Buffer.from(seed.toString('base64url')),
      Buffer.from(Buffer.from(pkcs8Of(seed)).toString('base64')),
      Buffer.from(privateKeyPem(seed).split('\n')[1]),
    ]);
    const database = await databaseBytes(server.fixture);
    // the search can fail: what is public is found
    expect(database.includes(Buffer.from(channels[0].signing_keys[0].key_id))).toBe(true);
    const said = Buffer.from(answers.join('\n') + logLines.join(''));
    expect(said.includes(Buffer.from(channels[0].signing_keys[0].key_id))).toBe(true);
    for (const form of forms) {
      expect(database.includes(form)).toBe(false);
      expect(said.includes(form)).toBe(false);
    }
  });
});
