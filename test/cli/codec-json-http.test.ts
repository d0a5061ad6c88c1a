import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { c2paWrapper } from '../../packages/codec/test/c2pa-fixtures.js';
import { bearer, createApiToken, createChannel, makeServer, signUp, type TestServer } from '../server/harness.js';
import { CARRIER, makeTempDir, runWm } from './codec-harness.js';

// `--json` must print what the HTTP endpoint of the same operation answers, field for field, so a script can
// switch between the command and the server. Deterministic inputs give equal objects; keyed ones (random nonce)
// give the same shape.

const temp = makeTempDir();
let server: TestServer;
let token: string;
let keyedToken: string;

beforeAll(async () => {
  server = await makeServer();
  const user = await signUp(server, { plan: 'starter' });
  token = (await createApiToken(server, user)).token;
  keyedToken = (await createApiToken(server, user, { signing_channel_id: await createChannel(server, user, 'press') }))
    .token;
  writeFileSync(temp.path('carrier.txt'), CARRIER);
  writeFileSync(temp.path('long.txt'), CARRIER.repeat(6));
  writeFileSync(temp.path('team.key'), `${'ab'.repeat(32)}\n`);
});
afterAll(async () => {
  await server.close();
  temp.remove();
});

async function http(
  operation: string,
  body: object,
  apiToken = token,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/watermark/${operation}`,
    payload: body,
    headers: bearer(apiToken),
  });
  return { status: response.statusCode, body: response.json() };
}

async function cli(args: string[], input?: string): Promise<{ code: number | null; body: Record<string, unknown> }> {
  const run = await runWm([...args, '--json'], { input });
  return { code: run.code, body: run.out === '' ? {} : JSON.parse(run.out) };
}

/** Field names and value types, recursively: what a script relies on when values differ (random nonces). */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([field, inner]) => [field, shapeOf(inner)]));
  }
  return typeof value;
}

const ENCODE_CASES: [label: string, args: string[], body: object][] = [
  ['auto', [], {}],
  ['single', ['--method', 'single'], { method: 'single' }],
  ['chunked', ['--method', 'chunked', '--chunk-size', '3'], { method: 'chunked', chunkSize: 3 }],
  ['char', ['--method', 'char'], { method: 'char' }],
  ['char, first letter only', ['--method', 'char', '--first-letter-only'], { method: 'char', firstLetterOnly: true }],
  ['pattern', ['--method', 'pattern', '--pattern', 'lazy dog'], { method: 'pattern', pattern: 'lazy dog' }],
  ['single, word ends marked', ['--method', 'single', '--mark-word-ends'], { method: 'single', markWordEnds: true }],
  [
    'tokens',
    ['--method', 'chunked', '--chunk-size', '2', '--output', 'tokens'],
    { method: 'chunked', chunkSize: 2, output: 'tokens' },
  ],
];

describe('--json equals the HTTP response of the same operation', () => {
  it.each(ENCODE_CASES)('encode, %s; then decode and analyze of the result', async (_, args, body) => {
    const viaCli = await cli(['encode', temp.path('carrier.txt'), '--secret', 'ID-42 ✓', ...args]);
    const viaHttp = await http('encode', { text: CARRIER, secret: 'ID-42 ✓', ...body });
    expect(viaHttp.status).toBe(200);
    expect(viaCli).toEqual({ code: 0, body: viaHttp.body });

    const encoded = viaHttp.body.encoded as string;
    expect(await cli(['decode'], encoded)).toEqual({ code: 0, body: (await http('decode', { text: encoded })).body });
    writeFileSync(temp.path('original.txt'), CARRIER);
    expect(await cli(['analyze', '--original', temp.path('original.txt')], encoded)).toEqual({
      code: 0,
      body: (await http('analyze', { encoded, original: CARRIER })).body,
    });
  });

  it.each([
    ['even', [], {}],
    ['clustered', ['--mark-word-ends'], { mark_word_ends: true }],
  ])('encode-robust (%s %j) and decode-robust', async (distribution, args, body) => {
    const text = CARRIER.repeat(6);
    const viaCli = await cli([
      'encode-robust',
      temp.path('long.txt'),
      '--secret',
      'r-1',
      '--distribution',
      distribution,
      '--stealth',
      'high',
      ...args,
    ]);
    const viaHttp = await http('encode-robust', { text, secret: 'r-1', distribution, stealth_level: 'high', ...body });
    expect(viaHttp.status).toBe(200);
    expect(viaCli).toEqual({ code: 0, body: viaHttp.body });

    const watermarked = viaHttp.body.watermarked as string;
    expect(await cli(['decode-robust'], watermarked)).toEqual({
      code: 0,
      body: (await http('decode-robust', { text: watermarked })).body,
    });
  });

  it('decode-robust of a text without marks: the same object (is_encoded false); the command exits 1', async () => {
    const viaHttp = await http('decode-robust', { text: CARRIER });
    expect(viaHttp).toMatchObject({ status: 200, body: { is_encoded: false } });
    expect(await cli(['decode-robust'], CARRIER)).toEqual({ code: 1, body: viaHttp.body });
  });

  it('several watermarks: decode lists them all, as the endpoint does', async () => {
    const one = (await http('encode', { text: 'first paragraph here', secret: 'one' })).body.encoded as string;
    const two = (await http('encode', { text: 'second paragraph here', secret: 'two' })).body.encoded as string;
    const text = `${one}\n${two}`;
    const viaHttp = await http('decode', { text });
    expect(viaHttp.body.watermarks).toEqual([
      { kind: 'vs', decoded: 'one', keyed: false, signature: expect.objectContaining({ status: 'unsigned' }) },
      { kind: 'vs', decoded: 'two', keyed: false, signature: expect.objectContaining({ status: 'unsigned' }) },
    ]);
    expect(await cli(['decode'], text)).toEqual({ code: 0, body: viaHttp.body });
  });

  it('several robust watermarks: decode-robust keeps the spec fields for the first and lists them all', async () => {
    const passage = async (secret: string) =>
      (await http('encode-robust', { text: CARRIER.repeat(6), secret })).body.watermarked as string;
    const text = `${await passage('robust one')}\n\n${await passage('robust two')}`;
    const viaHttp = await http('decode-robust', { text });
    expect(viaHttp.status).toBe(200);
    expect(viaHttp.body).toMatchObject({ decoded: 'robust one', is_encoded: true });
    const marks = viaHttp.body.watermarks as { decoded: string; start: number; end: number }[];
    expect(marks.map((mark) => mark.decoded)).toEqual(['robust one', 'robust two']);
    expect(marks[0].end).toBeLessThan(marks[1].start);
    expect(Object.keys(marks[0]).sort()).toEqual([
      'bits_recovered',
      'copies_agreeing',
      'copies_found',
      'decoded',
      'end',
      'keyed',
      'signature',
      'start',
    ]);
    expect(await cli(['decode-robust'], text)).toEqual({ code: 0, body: viaHttp.body });
  });

  it('keyed: the same shape, keyed: true, from --key-file and from a channel-bound token', async () => {
    const key = ['--key-file', temp.path('team.key')];
    const viaCli = await cli(['encode', temp.path('carrier.txt'), '--secret', 'k', ...key]);
    const viaHttp = await http('encode', { text: CARRIER, secret: 'k' }, keyedToken);
    expect(viaCli.body).toMatchObject({ keyed: true });
    expect(shapeOf(viaCli.body)).toEqual(shapeOf(viaHttp.body));
    expect(viaCli.body.stats).toEqual(viaHttp.body.stats);
    const decodedCli = await cli(['decode', ...key], viaCli.body.encoded as string);
    const decodedHttp = await http('decode', { text: viaHttp.body.encoded }, keyedToken);
    expect(decodedCli.body).toEqual(decodedHttp.body);

    const robustCli = await cli(['encode-robust', temp.path('long.txt'), '--secret', 'k', ...key]);
    const robustHttp = await http('encode-robust', { text: CARRIER.repeat(6), secret: 'k' }, keyedToken);
    expect(robustCli.body).toMatchObject({ keyed: true });
    expect(robustCli.body.stats).toEqual(robustHttp.body.stats);
    const robustDecodedCli = await cli(['decode-robust', ...key], robustCli.body.watermarked as string);
    const robustDecodedHttp = await http('decode-robust', { text: robustHttp.body.watermarked }, keyedToken);
    expect(shapeOf(robustDecodedCli.body)).toEqual(shapeOf(robustDecodedHttp.body));
    expect(robustDecodedCli.body).toMatchObject({ decoded: 'k', keyed: true, is_encoded: true });
    expect(robustDecodedHttp.body).toMatchObject({ decoded: 'k', keyed: true, is_encoded: true });
  });

  it('carrier too short: exit 2 with the required length the endpoint returns as required_length', async () => {
    const secret = 'a secret far too long for this carrier';
    const viaHttp = await http('encode', { text: 'ab cd', secret, method: 'single' });
    expect(viaHttp.status).toBe(400);
    const run = await runWm(['encode', '--secret', secret, '--method', 'single', '--json'], { input: 'ab cd' });
    expect(run).toMatchObject({ code: 2, out: '' });
    expect(run.stderr).toContain(`(required length: ${viaHttp.body.required_length})`);

    const robustHttp = await http('encode-robust', { text: 'short', secret });
    expect(robustHttp.body.required_length).toBe(8 * secret.length);
    const robust = await runWm(['encode-robust', '--secret', secret], { input: 'short' });
    expect(robust.code).toBe(2);
    expect(robust.stderr).toContain(`(required length: ${robustHttp.body.required_length})`);
  });

  it('beside a C2PA manifest: encode refused; decode, analyze and decode-robust (c2pa) answer alike', async () => {
    const signed = CARRIER + c2paWrapper();
    writeFileSync(temp.path('signed.txt'), signed);
    // marking a signed text would break its hard binding: 400 and exit 2, with the same message
    const refused = await http('encode', { text: signed, secret: 'ID-42' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('marks added now would break it');
    const run = await runWm(['encode', '--secret', 'ID-42', '--json', temp.path('signed.txt')]);
    expect(run).toMatchObject({ code: 2, out: '' });
    expect(run.stderr).toContain('marks added now would break it');
    expect((await http('encode-robust', { text: CARRIER.repeat(6) + c2paWrapper(), secret: 'r' })).status).toBe(400);

    // marked first, signed last
    const encoded = ((await http('encode', { text: CARRIER, secret: 'ID-42' })).body.encoded as string) + c2paWrapper();
    const decoded = await http('decode', { text: encoded });
    expect(decoded.body.c2pa).toMatchObject({ version: 1, length: 67, label: 'c2pa', valid: true, wrappers: 1 });
    expect(await cli(['decode'], encoded)).toEqual({ code: 0, body: decoded.body });
    const analysed = await http('analyze', { encoded });
    expect(analysed.body).toMatchObject({ c2pa_bytes: 80, c2pa: decoded.body.c2pa });
    expect(await cli(['analyze'], encoded)).toEqual({ code: 0, body: analysed.body });

    const robust = await http('decode-robust', { text: signed });
    expect(robust).toMatchObject({ status: 200, body: { is_encoded: false, c2pa: { offset: CARRIER.length } } });
    expect(await cli(['decode-robust'], signed)).toEqual({ code: 1, body: robust.body });
  });

  it('only a C2PA manifest: 422 and exit 1, both with the same c2pa object', async () => {
    const signed = CARRIER + c2paWrapper();
    const viaHttp = await http('decode', { text: signed });
    expect(viaHttp.status).toBe(422);
    expect(viaHttp.body.message).toBe(
      'No watermark found in text (no hidden variation selectors); a C2PA manifest is present',
    );
    const viaCli = await cli(['decode'], signed);
    expect(viaCli.code).toBe(1);
    expect(viaCli.body.c2pa).toEqual(viaHttp.body.c2pa);
    expect((viaHttp.body.details as Record<string, string>).text).toBe(viaCli.body.message);
  });
});
