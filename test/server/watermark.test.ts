import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { c2paWrapper, cutWrapper } from '../../packages/codec/test/c2pa-fixtures.js';
import {
  bearer,
  createApiToken,
  createChannel,
  makeServer,
  signUp,
  withServer,
  type SignedInUser,
  type TestServer,
} from './harness.js';

const CARRIER = 'The quick brown fox jumps over the lazy dog while the cat sleeps in the warm afternoon sun.';

let server: TestServer;
let user: SignedInUser;
let token: string;

beforeEach(async () => {
  server = await makeServer();
  user = await signUp(server);
  token = (await createApiToken(server, user)).token;
});
afterEach(async () => {
  await server.close();
});

const call = (path: string, payload: unknown, headers: Record<string, string> = bearer(token)) =>
  server.app.inject({ method: 'POST', url: `/api/watermark/${path}`, payload: payload as object, headers });

const balanceOf = async (account: SignedInUser) =>
  (await server.app.inject({ url: '/api/v2/credits/balance', headers: bearer(account.accessToken) })).json()
    .balance as number;
const balance = () => balanceOf(user);

describe('encode / decode / analyze', () => {
  it('round-trips with the spec fields', async () => {
    const encoded = await call('encode', { text: CARRIER, secret: 'ID-42' });
    expect(encoded.statusCode).toBe(200);
    expect(encoded.json()).toMatchObject({ keyed: false, stats: { secretLength: 5, method: 'chunked' } });
    const decoded = await call('decode', { text: encoded.json().encoded });
    expect(decoded.statusCode).toBe(200);
    expect(decoded.json()).toMatchObject({ decoded: 'ID-42', keyed: false, stats: { decodedLength: 5 } });
  });

  it('accepts `Authorization: Token <api token>` like `Bearer`', async () => {
    const response = await call('encode', { text: CARRIER, secret: 'x' }, { authorization: `Token ${token}` });
    expect(response.statusCode).toBe(200);
    const decoded = await call('decode', { text: response.json().encoded }, { authorization: `token ${token}` });
    expect(decoded.json().decoded).toBe('x');
  });

  it('encode-robust accepts text/secret and visible_text/hidden_text; decode-robust recovers it', async () => {
    const carrier = CARRIER.repeat(3);
    const spec = await call('encode-robust', { text: carrier, secret: 'hi' });
    expect(spec.statusCode).toBe(200);
    const legacy = await call('encode-robust', {
      visible_text: carrier,
      hidden_text: 'hi',
      distribution: 'even',
      stealth_level: 'high',
    });
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json()).toMatchObject({ keyed: false, stats: { distribution: 'even', stealthLevel: 'high' } });
    const decoded = await call('decode-robust', { text: legacy.json().watermarked });
    expect(decoded.statusCode).toBe(200);
    expect(decoded.json()).toMatchObject({ decoded: 'hi', keyed: false, is_encoded: true });
    expect(decoded.json().confidence).toEqual(expect.any(Number));
    const missing = await call('encode-robust', { visible_text: carrier });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual({ secret: 'is required' });
  });

  it('mark_word_ends (both encodes; markWordEnds too on encode) also marks the last letter of a word', async () => {
    const wordEndMarked = /\p{L}[\u{E0100}-\u{E01EF}\uFE00-\uFE0F]+ /u;
    const carrier = CARRIER.repeat(3);
    const encoded = async (body: object): Promise<string> => {
      const response = await call('encode', { text: carrier, secret: 'a longer secret', method: 'single', ...body });
      expect(response.statusCode).toBe(200);
      return response.json().encoded;
    };
    expect(await encoded({})).not.toMatch(wordEndMarked);
    expect(await encoded({ mark_word_ends: true })).toMatch(wordEndMarked);
    // the spelling before snake_case, kept for the clients that send it; the field wins when both are sent
    expect(await encoded({ markWordEnds: true })).toMatch(wordEndMarked);
    expect(await encoded({ mark_word_ends: false, markWordEnds: true })).not.toMatch(wordEndMarked);
    const robust = async (body: object): Promise<string> =>
      (await call('encode-robust', { text: carrier, secret: 'hi', ...body })).json().watermarked;
    expect(await robust({})).not.toMatch(wordEndMarked);
    expect(await robust({ mark_word_ends: true })).toMatch(wordEndMarked);
    expect((await call('encode', { text: carrier, secret: 'x', markWordEnds: 'yes' })).statusCode).toBe(400);
  });

  it('line_ends_only (both encodes; lineEndsOnly too on encode) marks the last character of a line only', async () => {
    // lines ending in a letter: a line ending in "." has no position (the full stop carries nothing)
    const line = CARRIER.slice(0, -1);
    const lines = `${line}\n${line}`;
    const marksInsideLines = /[\u{E0100}-\u{E01EF}\uFE00-\uFE0F]+[^\n\u{E0100}-\u{E01EF}\uFE00-\uFE0F]/u;
    const encoded = await call('encode', { text: lines, secret: 'ID-42', line_ends_only: true });
    expect(encoded.statusCode).toBe(200);
    expect(encoded.json().encoded).not.toMatch(marksInsideLines);
    expect((await call('decode', { text: encoded.json().encoded })).json().decoded).toBe('ID-42');
    const robust = await call('encode-robust', { text: lines, secret: 'hi', line_ends_only: true });
    expect(robust.statusCode).toBe(200);
    expect(robust.json().watermarked).not.toMatch(marksInsideLines);
    const both = await call('encode', { text: lines, secret: 'x', mark_word_ends: true, lineEndsOnly: true });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toContain('exclude each other');
  });

  it('whole_words (encode and encode-robust) leave every word whole', async () => {
    const quoted = '“The quick” (brown) fox—jumps! “over” (the) lazy—dog; “while” (the) cat—sleeps!\n'.repeat(6);
    const words = quoted.match(/\p{L}+/gu)!;
    const encoded = await call('encode', { text: quoted, secret: 'ID-42', whole_words: true });
    expect(encoded.statusCode).toBe(200);
    expect(words.filter((word) => !encoded.json().encoded.includes(word))).toEqual([]);
    expect((await call('decode', { text: encoded.json().encoded })).json().decoded).toBe('ID-42');
    const robust = await call('encode-robust', { text: quoted, secret: 'hi', whole_words: true });
    expect(robust.statusCode).toBe(200);
    expect(words.filter((word) => !robust.json().watermarked.includes(word))).toEqual([]);
    expect((await call('decode-robust', { text: robust.json().watermarked })).json().decoded).toBe('hi');
    const prose = await call('encode', { text: CARRIER, secret: 'x', whole_words: true });
    expect(prose.statusCode).toBe(400);
    const both = await call('encode-robust', { text: quoted, secret: 'x', whole_words: true, line_ends_only: true });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toContain('exclude each other');
  });

  it('skip_lines (encode; skipLines too) leaves the first lines unmarked, here and at the legacy address', async () => {
    const text = `Headline of the day\n${CARRIER}`;
    const legacy = (payload: object) =>
      server.app.inject({ method: 'POST', url: '/api/v1/encode', payload, headers: bearer(token) });
    for (const answer of [
      await call('encode', { text, secret: 'ID-42', skip_lines: 1 }),
      await call('encode', { text, secret: 'ID-42', skipLines: 1 }),
      await legacy({ original_text: text, payload: 'ID-42', skip_lines: 1 }),
      await legacy({ original_text: text, payload: 'ID-42', skipLines: 1 }),
    ]) {
      const encoded = answer.json().encoded as string;
      expect(encoded.split('\n')[0]).toBe('Headline of the day');
      expect((await call('decode', { text: encoded })).json().decoded).toBe('ID-42');
    }
    expect((await call('encode', { text, secret: 'x', skip_lines: -1 })).statusCode).toBe(400);
    expect((await call('encode', { text, secret: 'x', skipLines: -1 })).statusCode).toBe(400);
  });

  it('skip_lines (encode-robust) leaves the first lines unmarked; decode-robust still reads the mark', async () => {
    const text = `Headline of the day\n${CARRIER.repeat(3)}`;
    const watermarked = (await call('encode-robust', { text, secret: 'r-42', skip_lines: 1 })).json().watermarked;
    expect(watermarked.split('\n')[0]).toBe('Headline of the day');
    expect((await call('decode-robust', { text: watermarked })).json().decoded).toBe('r-42');
    expect((await call('encode-robust', { text, secret: 'x', skip_lines: -1 })).statusCode).toBe(400);
  });

  it('analyze works with an encode-only or a decode-only token', async () => {
    const encoded = (await call('encode', { text: CARRIER, secret: 'abc' })).json().encoded;
    for (const permissions of [['encode'], ['decode']]) {
      const scoped = await createApiToken(server, user, { permissions });
      const response = await call('analyze', { encoded, original: CARRIER }, bearer(scoped.token));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ encoded_bytes: expect.any(Number), base_characters: expect.any(Number) });
      expect(response.json().encoded_bytes).toBeGreaterThanOrEqual(3);
    }
  });

  it('legacy POST /api/v1/encode maps original_text/payload onto encode', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/encode',
      headers: { authorization: `Token ${token}` },
      payload: { original_text: CARRIER, payload: 'legacy' },
    });
    expect(response.statusCode).toBe(200);
    expect((await call('decode', { text: response.json().encoded })).json().decoded).toBe('legacy');
  });
});

describe('watermark failures', () => {
  it('400 with required_length when the carrier is too short, and nothing is charged', async () => {
    const before = await balance();
    const response = await call('encode', { text: 'ab', secret: 'a longer secret', method: 'single' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'Bad Request', required_length: expect.any(Number) });
    expect(response.json().required_length).toBeGreaterThan(2);
    const robust = await call('encode-robust', { text: 'short', secret: 'too long a secret' });
    expect(robust.statusCode).toBe(400);
    expect(await balance()).toBe(before);
  });

  it('400 per-field details: no type coercion ("3" is not 3), enums checked', async () => {
    const coerced = await call('encode', { text: CARRIER, secret: 's', method: 'chunked', chunkSize: '3' });
    expect(coerced.statusCode).toBe(400);
    expect(coerced.json().details).toEqual({ chunkSize: 'must be integer' });
    const badEnum = await call('encode', { text: CARRIER, secret: 's', output: 'everything' });
    expect(badEnum.statusCode).toBe(400);
    expect(badEnum.json().details).toEqual({ output: 'must be one of: full, tokens' });
    const badMethod = await call('encode', { text: CARRIER, secret: 's', method: 'magic' });
    expect(badMethod.json().details).toEqual({ method: 'must be one of: auto, single, chunked, char, pattern' });
    const noPattern = await call('encode', { text: CARRIER, secret: 's', method: 'pattern' });
    expect(noPattern.statusCode).toBe(400);
    expect(noPattern.json().details).toEqual({ pattern: 'is required when method is pattern' });
    const legacyNoPattern = await server.app.inject({
      method: 'POST',
      url: '/api/v1/encode',
      payload: { original_text: CARRIER, payload: 's', method: 'pattern', pattern: '' },
      headers: bearer(token),
    });
    expect(legacyNoPattern.json().details).toEqual({ pattern: 'is required when method is pattern' });
    const missing = await call('decode', {});
    expect(missing.json()).toMatchObject({ error: 'Bad Request', details: { text: 'is required' } });
  });

  it('422 for text without a watermark and for a corrupted one; neither is charged', async () => {
    const before = await balance();
    const none = await call('decode', { text: CARRIER });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('No watermark found in text (no hidden variation selectors)');
    expect(await balance()).toBe(before);
    const encoded: string = (await call('encode', { text: CARRIER, secret: 'integrity' })).json().encoded;
    const cps = [...encoded];
    // change the last hidden byte (CRC) of the frame: its selector moves to a neighbour
    const last = cps.findLastIndex(
      (cp) => cp.codePointAt(0)! >= 0xe0100 || (cp.codePointAt(0)! >= 0xfe00 && cp.codePointAt(0)! <= 0xfe0f),
    );
    const code = cps[last].codePointAt(0)!;
    cps[last] = String.fromCodePoint(code === 0xe01ef ? code - 1 : code + 1);
    const corrupted = await call('decode', { text: cps.join('') });
    expect(corrupted.statusCode).toBe(422);
    expect(corrupted.json().message).toBe('Watermark data corrupted (integrity check fails)');
    // the encode was charged, the two failures were not
    expect(await balance()).toBe(before - 1);
  });

  it('401 without a token, with an unknown token, and at once after revocation', async () => {
    const missing = await call('encode', { text: CARRIER, secret: 's' }, {});
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error).toBe('Unauthorized');
    expect((await call('encode', { text: CARRIER, secret: 's' }, bearer('wm_nonsense'))).statusCode).toBe(401);
    const access = await call('encode', { text: CARRIER, secret: 's' }, bearer(user.accessToken));
    expect(access.statusCode).toBe(401);
    const doomed = await createApiToken(server, user);
    expect((await call('encode', { text: CARRIER, secret: 's' }, bearer(doomed.token))).statusCode).toBe(200);
    await server.app.inject({
      method: 'DELETE',
      url: `/api/v2/tokens/${doomed.id}`,
      headers: bearer(user.accessToken),
    });
    expect((await call('encode', { text: CARRIER, secret: 's' }, bearer(doomed.token))).statusCode).toBe(401);
  });

  it('403 for a missing permission, an unverified email, a suspended account (AccountSuspended)', async () => {
    const decodeOnly = await createApiToken(server, user, { permissions: ['decode'] });
    const denied = await call('encode', { text: CARRIER, secret: 's' }, bearer(decodeOnly.token));
    expect(denied.statusCode).toBe(403);
    const encodeOnly = await createApiToken(server, user, { permissions: ['encode'] });
    expect((await call('decode-robust', { text: CARRIER }, bearer(encodeOnly.token))).statusCode).toBe(403);

    const unverified = await signUp(server, { verified: false });
    const unverifiedToken = await createApiToken(server, unverified);
    const refused = await call('encode', { text: CARRIER, secret: 's' }, bearer(unverifiedToken.token));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/verified email/);

    await server.fixture.domain.admin.suspend(user.email, 'chargeback');
    const suspended = await call('encode', { text: CARRIER, secret: 's' });
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().error).toBe('AccountSuspended');
    const me = await server.app.inject({ url: '/api/v2/users/me', headers: bearer(user.accessToken) });
    expect(me.statusCode).toBe(403);
    expect(me.json().error).toBe('AccountSuspended');
  });
});

describe('credits and quota', () => {
  it('402 Payment Required with the balance in message and a checkout_url; never charged below zero', async () => {
    await withServer(
      { domain: { freeCredits: 1 }, config: { checkoutUrl: 'https://shop.example/buy' } },
      async (poor) => {
        const owner = await signUp(poor);
        const { token: secret } = await createApiToken(poor, owner);
        const send = () =>
          poor.app.inject({
            method: 'POST',
            url: '/api/watermark/encode',
            headers: bearer(secret),
            payload: { text: CARRIER, secret: 's' },
          });
        expect((await send()).statusCode).toBe(200);
        const refused = await send();
        expect(refused.statusCode).toBe(402);
        expect(refused.json()).toMatchObject({
          error: 'Payment Required',
          checkout_url: 'https://shop.example/buy',
          balance: 0,
        });
        expect(refused.json().message).toMatch(/balance is 0/);
      },
    );
  });

  it('the default checkout_url points at this server and answers', async () => {
    await withServer({ domain: { freeCredits: 0 } }, async (poor) => {
      const owner = await signUp(poor);
      const { token: secret } = await createApiToken(poor, owner);
      const refused = await poor.app.inject({
        method: 'POST',
        url: '/api/watermark/decode',
        headers: bearer(secret),
        payload: { text: 'x' },
      });
      expect(refused.statusCode).toBe(402);
      expect(refused.json().checkout_url).toBe('http://wm.test/checkout');
      const page = await poor.app.inject({ url: '/checkout' });
      expect(page.statusCode).toBe(200);
      expect(page.json().message).toMatch(/wm credits grant/);
    });
  });

  it('429 with Retry-After until resets_at when the quota is used up', async () => {
    await withServer({ domain: { monthlyRequestsByPlan: { free: 1, starter: 1, pro: 1 } } }, async (tight) => {
      const owner = await signUp(tight);
      const { token: secret } = await createApiToken(tight, owner);
      const send = () =>
        tight.app.inject({
          method: 'POST',
          url: '/api/watermark/encode',
          headers: bearer(secret),
          payload: { text: CARRIER, secret: 's' },
        });
      expect((await send()).statusCode).toBe(200);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      const resetsAt = Date.parse(refused.json().resets_at);
      const expected = Math.ceil((resetsAt - tight.fixture.clock.now.getTime()) / 1000);
      expect(Number(refused.headers['retry-after'])).toBe(expected);
    });
  });
});

describe('keyed tokens (signing channels)', () => {
  it('encrypt with the channel key; only a token of the same channel decodes', async () => {
    const owner = await signUp(server, { plan: 'starter' });
    const alpha = await createChannel(server, owner, 'alpha');
    const beta = await createChannel(server, owner, 'beta');
    const alphaToken = await createApiToken(server, owner, { signing_channel_id: alpha });
    const alphaToken2 = await createApiToken(server, owner, { signing_channel_id: alpha, permissions: ['decode'] });
    const betaToken = await createApiToken(server, owner, { signing_channel_id: beta });
    const plainToken = await createApiToken(server, owner);

    const encoded = await call('encode', { text: CARRIER, secret: 'keyed secret' }, bearer(alphaToken.token));
    expect(encoded.json().keyed).toBe(true);
    const same = await call('decode', { text: encoded.json().encoded }, bearer(alphaToken2.token));
    expect(same.json()).toMatchObject({ decoded: 'keyed secret', keyed: true });
    for (const other of [betaToken, plainToken]) {
      const refused = await call('decode', { text: encoded.json().encoded }, bearer(other.token));
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe('decryption failed (wrong channel or corrupted)');
    }

    const robust = await call('encode-robust', { text: CARRIER.repeat(4), secret: 'rk' }, bearer(alphaToken.token));
    expect(robust.json().keyed).toBe(true);
    expect(
      (await call('decode-robust', { text: robust.json().watermarked }, bearer(alphaToken.token))).json().decoded,
    ).toBe('rk');
    const wrong = await call('decode-robust', { text: robust.json().watermarked }, bearer(betaToken.token));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('decryption failed (wrong channel or corrupted)');
  });

  it('a key means keyed: an unkeyed mark is a free 422 UNKEYED for keyed tokens; accept_unkeyed reads it', async () => {
    const owner = await signUp(server, { plan: 'starter' });
    const keyed = await createApiToken(server, owner, { signing_channel_id: await createChannel(server, owner, 'a') });
    const plain = await createApiToken(server, owner);
    const before = await balanceOf(owner);
    const text = (await call('encode', { text: CARRIER, secret: 'anyone' }, bearer(plain.token))).json().encoded;
    const robust = (await call('encode-robust', { text: CARRIER.repeat(4), secret: 'rb' }, bearer(plain.token))).json();
    const spent = before - (await balanceOf(owner));
    for (const [path, marked] of [
      ['decode', text],
      ['decode-robust', robust.watermarked],
    ]) {
      const refused = await call(path, { text: marked }, bearer(keyed.token));
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        message: 'decryption failed (wrong channel or corrupted)',
        code: 'UNKEYED',
        details: { text: expect.stringMatching(/not keyed, though a key was given/) },
      });
      const accepted = await call(path, { text: marked, accept_unkeyed: true }, bearer(keyed.token));
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({ keyed: false, warnings: [expect.stringMatching(/is not keyed/)] });
      // an unkeyed token reads it as before
      expect((await call(path, { text: marked }, bearer(plain.token))).json().keyed).toBe(false);
    }
    // the refusals cost nothing: two accepted reads and two plain ones were charged
    expect(before - spent - (await balanceOf(owner))).toBe(4);
  });

  it('raw runs: listed in the 422 with their bytes; raw_runs: true reads them, saying nothing checks', async () => {
    const text = `Hi${String.fromCodePoint(0xe0158, 0xe0159)} there`; // "hi" as another selector tool writes it
    const refused = await call('decode', { text });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message: 'Watermark data corrupted (integrity check fails)',
      code: 'CORRUPTED',
      raw_runs: [{ offset: 2, length: 2, bytes: '68 69' }],
    });
    const read = await call('decode', { text, raw_runs: true });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      decoded: 'hi',
      watermarks: [{ kind: 'raw', decoded: 'hi', keyed: false }],
      warnings: [expect.stringMatching(/no integrity check/)],
    });
  });
});

describe('beside a C2PA text manifest', () => {
  const signed = `${CARRIER}${c2paWrapper()}`;
  const report = { offset: CARRIER.length, version: 1, length: 67, label: 'c2pa', valid: true, wrappers: 1 };

  it('decode of a text with only a manifest: 422 saying so, with the c2pa object, and no charge', async () => {
    const before = await balance();
    const response = await call('decode', { text: signed });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'Unprocessable Entity',
      message: 'No watermark found in text (no hidden variation selectors); a C2PA manifest is present',
      details: {
        text:
          'No wm watermark found in text, only a C2PA manifest v1, ' +
          `67 bytes at offset ${CARRIER.length} (valid framing)`,
      },
      code: 'NO_WATERMARK',
      c2pa: report,
    });
    const robust = await call('decode-robust', { text: signed });
    expect(robust.statusCode).toBe(200);
    expect(robust.json()).toMatchObject({ is_encoded: false, c2pa: report });
    expect(await balance()).toBe(before);
  });

  it('encode refuses a signed text (400, no charge); marked, then signed: decode and analyze read both', async () => {
    const before = await balance();
    const refused = await call('encode', { text: signed, secret: 'ID-42' });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain(
      'marks added now would break it. Mark the text first and sign it last',
    );
    expect((await call('encode-robust', { text: CARRIER.repeat(3) + c2paWrapper(), secret: 'hi' })).statusCode).toBe(
      400,
    );
    expect(await balance()).toBe(before);
    const encoded = `${(await call('encode', { text: CARRIER, secret: 'ID-42' })).json().encoded}${c2paWrapper()}`;
    const decoded = await call('decode', { text: encoded });
    expect(decoded.json()).toMatchObject({ decoded: 'ID-42', c2pa: { version: 1, length: 67, valid: true } });
    const analysed = await call('analyze', { encoded, original: signed });
    expect(analysed.json()).toMatchObject({
      c2pa_bytes: 80,
      base_characters: CARRIER.length,
      original_length: CARRIER.length,
    });
    const damaged = await call('encode-robust', {
      text: CARRIER.repeat(3) + cutWrapper(c2paWrapper(), 30),
      secret: 'hi',
    });
    expect(damaged.json().warnings).toHaveLength(1);
    expect(await call('encode', { text: CARRIER, secret: 'x' }).then((r) => r.json())).not.toHaveProperty('warnings');
  });

  it('the OpenAPI document describes the new fields', async () => {
    const document = (await server.app.inject({ url: '/openapi.json' })).json();
    const text = JSON.stringify(document);
    for (const field of ['"c2pa"', '"c2pa_bytes"', '"warnings"', 'JUMBF superbox']) expect(text).toContain(field);
  });
});
