import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken, makeServer, signUp, type TestServer } from './harness.js';
import { openSocket, parseResponse, rawExchange, untilClosed, type RawResponse } from './raw-socket.js';

// real HTTP: light-my-request would parse "//api/…" as a URL with host "api", and never sees the HTTP parser's failures
let server: TestServer;
let url: string;
let token: string;
beforeAll(async () => {
  server = await makeServer({ config: { bodyLimitBytes: 4096 } });
  url = await server.app.listen({ host: '127.0.0.1', port: 0 });
  token = (await createApiToken(server, await signUp(server))).token;
});
afterAll(async () => server.close());

const request = (line: string, headers: string[] = [], body = '') =>
  rawExchange(
    url,
    [
      line,
      'Host: wm.test',
      'Connection: close',
      ...headers,
      ...(body ? [`Content-Length: ${Buffer.byteLength(body)}`] : []),
      '',
      body,
    ].join('\r\n'),
  );

/** The spec's shape and nothing else (no `statusCode`, no `code`), with the security headers. */
function expectSpecError(answer: RawResponse, status: number): Record<string, unknown> {
  expect(answer.status).toBe(status);
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(typeof body.error).toBe('string');
  expect(Object.keys(body).filter((key) => !['error', 'message', 'details'].includes(key))).toEqual([]);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
  expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
  return body;
}

describe('every error is in the spec shape with the security headers, Fastify and Node errors included', () => {
  it('a malformed percent-escape in the path: 400, the URL not echoed', async () => {
    const body = expectSpecError(await request('GET /api/v2/users/%ff HTTP/1.1'), 400);
    expect(JSON.stringify(body)).not.toContain('%ff');
  });

  it('a path segment over the router limit: 414, a parameter or not, the path not echoed', async () => {
    expectSpecError(
      await request(`DELETE /api/v2/tokens/${'a'.repeat(200)} HTTP/1.1`, [`Authorization: Bearer x`]),
      414,
    );
    for (const path of [`/api/v2/${'b'.repeat(101)}`, `/${'c'.repeat(5000)}/x`, `/api/${'d'.repeat(101)}/tokens`]) {
      const body = expectSpecError(await request(`GET ${path} HTTP/1.1`), 414);
      expect(JSON.stringify(body)).not.toMatch(/bbbb|cccc|dddd/);
    }
    // exactly at the limit: an unknown route, named
    const at = expectSpecError(await request(`GET /${'e'.repeat(100)} HTTP/1.1`), 404);
    expect(at.message).toBe(`Route GET /${'e'.repeat(100)} not found`);
  });

  it.each([
    ['an unknown path', 'GET /nothing/here?token=x HTTP/1.1', 404],
    ['a method the path does not have', 'DELETE /api/watermark/encode HTTP/1.1', 404],
    ['a method HTTP does not know', 'FROB /healthz HTTP/1.1', 400],
    ['garbage instead of a request line', 'HELLO', 400],
  ])('%s: %s', async (_name, line, status) => {
    expectSpecError(await request(line), status);
  });

  it('malformed JSON: 400; a body over the limit: 413; a form body on a sign-in route: 415', async () => {
    const auth = [`Authorization: Bearer ${token}`, 'Content-Type: application/json'];
    expectSpecError(await request('POST /api/watermark/decode HTTP/1.1', auth, '{"text":'), 400);
    expectSpecError(
      await request('POST /api/watermark/decode HTTP/1.1', auth, JSON.stringify({ text: 'x'.repeat(5000) })),
      413,
    );
    expectSpecError(await request('POST /api/auth/login HTTP/1.1', ['Content-Type: text/plain'], '{}'), 415);
    expectSpecError(await request('POST /api/auth/login HTTP/1.1', ['Origin: https://evil.example'], ''), 403);
  });

  it('headers over the limit: 431', async () => {
    expectSpecError(await request('GET /healthz HTTP/1.1', [`X-Filler: ${'a'.repeat(20_000)}`]), 431);
  });

  it('401 and 404 of our routes carry the headers too', async () => {
    expectSpecError(await request('GET /api/v2/users/me HTTP/1.1'), 401);
    expectSpecError(
      await request('POST /api/watermark/decode HTTP/1.1', ['Authorization: Bearer wm_nonsense'], '{"text":"x"}'),
      401,
    );
  });
});

describe('duplicate slashes', () => {
  it('POST //api/watermark/encode (a client base URL ending in "/") is routed', async () => {
    const body = JSON.stringify({ text: 'Hello world, this is a test.', secret: 'ID-42' });
    const answer = await request(
      'POST //api/watermark/encode HTTP/1.1',
      [`Authorization: Bearer ${token}`, 'Content-Type: application/json'],
      body,
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).encoded).toEqual(expect.any(String));
    expect((await request('GET //healthz HTTP/1.1')).status).toBe(200);
    expect((await request('GET /api//v2//users/me HTTP/1.1', [`Authorization: Bearer nothing`])).status).toBe(401);
  });

  it('the sign-in routes keep their cross-site guard under a doubled slash', async () => {
    expectSpecError(await request('POST //api/auth/login HTTP/1.1', ['Origin: https://evil.example'], ''), 403);
  });
});

it('a request that arrives while the server closes: 503 in the spec shape, Connection: close', async () => {
  const closing = await makeServer();
  const closingUrl = await closing.app.listen({ host: '127.0.0.1', port: 0 });
  const socket = await openSocket(closingUrl);
  const answer = untilClosed(socket);
  // headers begun: the connection is busy, so close() waits for it instead of dropping it as idle
  socket.write('GET /healthz HTTP/1.1\r\nHost: wm.test\r\n');
  await new Promise((resolve) => setTimeout(resolve, 50));
  const closed = closing.close();
  await new Promise((resolve) => setTimeout(resolve, 200));
  socket.write('\r\n');
  const response = parseResponse(await answer);
  await closed;
  expectSpecError(response, 503);
  expect(response.headers.connection).toBe('close');
  expect(response.headers['retry-after']).toBe('5');
});
