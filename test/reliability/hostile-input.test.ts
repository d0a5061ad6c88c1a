import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf } from './credit-race.js';
import { CARRIER, startLiveServer, type Account, type Answer, type LiveServer } from './live-server.js';
import { rawRequest } from './raw-http.js';

const BODY_LIMIT = 12 * 1024 * 1024;
const SELECTORS = '\uFE00\uFE01\u{E0100}\u{E01EF}';

let server: LiveServer;
let account: Account;
let auth: string;
let balanceBefore: number;

beforeAll(async () => {
  server = await startLiveServer({ WM_BODY_LIMIT: String(BODY_LIMIT), WM_FREE_CREDITS: '1000' });
  account = await server.signUp('hostile@example.com');
  auth = `Bearer ${(await server.apiToken(account)).token}`;
});
afterAll(async () => server?.stop());

/** Each refused request costs nothing and leaves the server up. */
async function expectFreeAndUp(): Promise<void> {
  expect(await balanceOf(server, account)).toBe(balanceBefore);
  expect((await server.api('GET', '/healthz')).status).toBe(200);
}

function expectErrorShape(status: number, body: unknown, expected: number): void {
  expect(status).toBe(expected);
  const error = body as Record<string, unknown>;
  expect(typeof error.error).toBe('string');
  if ('message' in error) expect(typeof error.message).toBe('string');
  if ('details' in error) expect(['object', 'string']).toContain(typeof error.details);
  // beside the spec's three fields only the documented extras: a carrier too short's length, and a decode 422's
  // codec error code and unframed selector runs (docs/SERVER.md)
  const extras = ['required_length', 'code', 'raw_runs'];
  expect(Object.keys(error).filter((key) => !['error', 'message', 'details', ...extras].includes(key))).toEqual([]);
}

const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const invalidUtf8 = Buffer.concat([
  Buffer.from(`{"text":"${CARRIER}","secret":"a`),
  Buffer.from([0xff, 0xfe, 0xc3]),
  Buffer.from('"}'),
]);

type Case = [name: string, path: string, request: { body?: unknown; raw?: string | Uint8Array }, status: number];

const refused: Case[] = [
  ['malformed JSON', '/api/watermark/encode', { raw: '{"text": "abc", "secret":' }, 400],
  ['a JSON array body', '/api/watermark/decode', { raw: '[1, 2]' }, 400],
  ['a JSON null body', '/api/watermark/decode', { raw: 'null' }, 400],
  ['a JSON string body', '/api/watermark/analyze', { raw: '"text"' }, 400],
  ['text of the wrong type', '/api/watermark/encode', { body: { text: 42, secret: 'x' } }, 400],
  ['secret of the wrong type', '/api/watermark/encode', { body: { text: CARRIER, secret: ['x'] } }, 400],
  [
    'a boolean as a string',
    '/api/watermark/encode',
    { body: { text: CARRIER, secret: 'x', method: 'char', firstLetterOnly: 'true' } },
    400,
  ],
  ['an unknown method', '/api/watermark/encode', { body: { text: CARRIER, secret: 'x', method: 'magic' } }, 400],
  ['encode without fields', '/api/watermark/encode', { body: {} }, 400],
  ['encode-robust without fields', '/api/watermark/encode-robust', { body: {} }, 400],
  ['decode without text', '/api/watermark/decode', { body: { encoded: 'x' } }, 400],
  ['decode-robust without text', '/api/watermark/decode-robust', { body: {} }, 400],
  ['analyze without encoded', '/api/watermark/analyze', { body: { text: 'x' } }, 400],
  ['only unknown fields', '/api/watermark/encode', { body: { evil: true, nested: { a: 1 } } }, 400],
  [
    'a __proto__ key',
    '/api/watermark/encode',
    { raw: `{"text":"${CARRIER}","secret":"x","__proto__":{"admin":true}}` },
    400,
  ],
  [
    'a constructor.prototype key',
    '/api/watermark/encode',
    { raw: `{"text":"${CARRIER}","secret":"x","constructor":{"prototype":{"admin":true}}}` },
    400,
  ],
  ['text nested 200,000 arrays deep', '/api/watermark/encode', { raw: `{"text":${deep(200_000)},"secret":"x"}` }, 400],
  [
    'a lone high surrogate in the secret',
    '/api/watermark/encode',
    { raw: `{"text":"${CARRIER}","secret":"\\ud800x"}` },
    400,
  ],
  [
    'a lone low surrogate in the robust secret',
    '/api/watermark/encode-robust',
    { raw: `{"text":"${CARRIER.repeat(4)}","secret":"x\\udc00"}` },
    400,
  ],
  ['invalid UTF-8 bytes in the body', '/api/watermark/encode', { raw: invalidUtf8 }, 400],
  [
    'chunkSize 0',
    '/api/watermark/encode',
    { body: { text: CARRIER, secret: 'x', method: 'chunked', chunkSize: 0 } },
    400,
  ],
  [
    'chunkSize negative',
    '/api/watermark/encode',
    { body: { text: CARRIER, secret: 'x', method: 'chunked', chunkSize: -3 } },
    400,
  ],
  [
    'chunkSize non-integer',
    '/api/watermark/encode',
    { body: { text: CARRIER, secret: 'x', method: 'chunked', chunkSize: 1.5 } },
    400,
  ],
  [
    'chunkSize beyond safe integers',
    '/api/watermark/encode',
    { raw: `{"text":"${CARRIER}","secret":"x","method":"chunked","chunkSize":1e300}` },
    400,
  ],
  [
    'chunkSize as a string',
    '/api/watermark/encode',
    { body: { text: CARRIER, secret: 'x', method: 'chunked', chunkSize: '3' } },
    400,
  ],
  [
    'pattern empty',
    '/api/watermark/encode',
    { body: { text: CARRIER, secret: 'x', method: 'pattern', pattern: '' } },
    400,
  ],
  ['pattern absent', '/api/watermark/encode', { body: { text: CARRIER, secret: 'x', method: 'pattern' } }, 400],
  [
    'pattern not in the text',
    '/api/watermark/encode',
    { body: { text: CARRIER, secret: 'x', method: 'pattern', pattern: 'zebra' } },
    400,
  ],
  ['secret empty', '/api/watermark/encode', { body: { text: CARRIER, secret: '' } }, 400],
  ['robust secret empty', '/api/watermark/encode-robust', { body: { text: CARRIER, secret: '' } }, 400],
  ['text empty', '/api/watermark/encode', { body: { text: '', secret: 'x' } }, 400],
  [
    'a thousand selectors on one grapheme',
    '/api/watermark/decode',
    { body: { text: `a${'\uFE01'.repeat(1000)} rest of the text` } },
    422,
  ],
  ['decode input made only of selectors', '/api/watermark/decode', { body: { text: SELECTORS.repeat(5000) } }, 422],
  [
    'decode-robust input made only of selectors',
    '/api/watermark/decode-robust',
    { body: { text: SELECTORS.repeat(5000) } },
    422,
  ],
  ['decode input without selectors', '/api/watermark/decode', { body: { text: CARRIER } }, 422],
];

describe('hostile input over real HTTP: 4xx in the spec error shape, free, server stays up', () => {
  beforeAll(async () => {
    balanceBefore = await balanceOf(server, account);
  });
  afterEach(expectFreeAndUp);

  it.each(refused)('%s → %s', async (_name, path, request, status) => {
    const answer: Answer = await server.api('POST', path, {
      auth,
      ...request,
      headers: { 'content-type': 'application/json' },
    });
    expectErrorShape(answer.status, answer.json, status);
  });

  it('invalid UTF-8 is named as such, not repaired into another secret', async () => {
    const answer = await server.api('POST', '/api/watermark/encode', { auth, raw: invalidUtf8 });
    expect(answer.json.message).toMatch(/UTF-8/);
  });

  it('a body above --body-limit: 413', async () => {
    const body = JSON.stringify({ text: 'word '.repeat(BODY_LIMIT / 5 + 10), secret: 'big' });
    const answer = await rawRequest(`${server.url}/api/watermark/encode`, {
      headers: {
        authorization: auth,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
      },
      body,
    });
    expectErrorShape(answer.status, JSON.parse(answer.body), 413);
  });

  it('enormous headers: 431 JSON', async () => {
    const answer = await rawRequest(`${server.url}/api/watermark/encode`, {
      headers: { authorization: auth, 'x-filler': 'a'.repeat(100_000) },
      body: '{}',
    });
    expectErrorShape(answer.status, JSON.parse(answer.body), 431);
  });

  it('decode-robust on text made only of non-robust selectors: is_encoded false, 200, not charged', async () => {
    const answer = await server.api('POST', '/api/watermark/decode-robust', {
      auth,
      body: { text: '\uFE00\uFE01\u{E0100}'.repeat(5000) },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ is_encoded: false, decoded: '' });
  });

  it('a wrong credential never reaches the body: 401 even for hostile bodies', async () => {
    const answer = await server.api('POST', '/api/watermark/encode', { auth: 'Bearer wm_nonsense', raw: invalidUtf8 });
    expect([400, 401]).toContain(answer.status);
    expectErrorShape(answer.status, answer.json, answer.status);
  });
});

describe('odd but valid input works exactly (and is charged like any success)', () => {
  async function roundTrip(text: string, secret: string, options: Record<string, unknown> = {}): Promise<string> {
    const encoded = await server.api('POST', '/api/watermark/encode', { auth, body: { text, secret, ...options } });
    expect(encoded.status, encoded.text.slice(0, 300)).toBe(200);
    const decoded = await server.api('POST', '/api/watermark/decode', { auth, body: { text: encoded.json.encoded } });
    expect(decoded.status).toBe(200);
    expect(decoded.json.decoded).toBe(secret);
    return encoded.json.encoded;
  }

  it('NUL in the secret and in the carrier survive exactly', async () => {
    await roundTrip(`Hello\u0000 world, how are you today?`, 'a\u0000b');
  });

  it('a lone surrogate in the carrier is kept as is and carries nothing (docs/FORMAT.md)', async () => {
    const text = 'Hello \uDC00 world, how are you today my friend';
    const encoded = await roundTrip(text, 'ok');
    expect(encoded).toContain('\uDC00');
  });

  it('a chunkSize far beyond the secret puts it all on one grapheme', async () => {
    await roundTrip(CARRIER, 'whole secret', { method: 'chunked', chunkSize: 1e12 });
  });

  it('an unknown field nested a million levels deep is ignored', async () => {
    const answer = await server.api('POST', '/api/watermark/encode', {
      auth,
      raw: `{"text":"${CARRIER}","secret":"x","extra":${deep(1_000_000)}}`,
    });
    expect(answer.status, answer.text).toBe(200);
  });

  it('a 10 MB carrier within a raised --body-limit works', async () => {
    await roundTrip('word '.repeat(2 * 1024 * 1024), 'ten megabytes');
  });
});
