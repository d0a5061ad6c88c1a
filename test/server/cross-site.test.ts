import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  cookieOf,
  makeServer,
  signUp,
  tokenFromMail,
  withServer,
  type SignedInUser,
  type TestServer,
} from './harness.js';

let server: TestServer;
let user: SignedInUser;
beforeAll(async () => {
  server = await makeServer();
  user = await signUp(server);
});
afterAll(async () => server.close());

/** Each route that sets or uses the refresh cookie, with a body it accepts. */
const routes = () => [
  { url: '/api/auth/login', body: { email: user.email, password: PASSWORD }, ok: 200 },
  {
    url: '/api/auth/register',
    body: { email: `r${Math.random()}@example.com`, password: PASSWORD, username: `r${Math.random()}` },
    ok: 201,
  },
  { url: '/api/auth/refresh', ok: 401 },
  { url: '/api/auth/logout', ok: 200 },
  { url: '/api/auth/verify-email', body: { token: 'no-such-token' }, ok: 400 },
  { url: '/api/auth/forgot-password', body: { email: `f${Math.random()}@example.com` }, ok: 202 },
  { url: '/api/auth/resend-verification', body: { email: `v${Math.random()}@example.com` }, ok: 202 },
  { url: '/api/auth/reset-password', body: { token: 'no-such-token', newPassword: 'Brand new 12345' }, ok: 400 },
];

const send = (route: ReturnType<typeof routes>[number], headers: Record<string, string>, raw?: string) =>
  server.app.inject({
    method: 'POST',
    url: route.url,
    headers: { ...(route.body || raw ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(raw !== undefined ? { body: raw } : route.body ? { payload: route.body } : {}),
  });

describe('the password change, which sets the refresh cookie too', () => {
  const change = (headers: Record<string, string>, body?: string) =>
    server.app.inject({
      method: 'PUT',
      url: '/api/v2/users/password',
      headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json', ...headers },
      body: body ?? JSON.stringify({ currentPassword: 'Not it 12345', newPassword: 'Brand new 12345' }),
    });

  it('refuses another site (403, no cookie) and form or text bodies (415); same origin or no Origin pass', async () => {
    const foreign = await change({ origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers['set-cookie']).toBeUndefined();
    expect((await change({ 'content-type': 'text/plain' })).statusCode).toBe(415);
    // past the guard: the wrong current password is the answer
    expect((await change({ origin: 'http://wm.test' })).statusCode).toBe(400);
    expect((await change({})).statusCode).toBe(400);
  });
});

describe('cross-site requests on the sign-in routes', () => {
  it.each([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['Origin null (sandboxed frame, cross-site redirect)', { origin: 'null' }],
    ['another port of the same host', { origin: 'http://wm.test:8081' }],
    ['Sec-Fetch-Site: cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
    [
      'Sec-Fetch-Site: cross-site and a foreign Origin',
      { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    ],
  ])('%s: 403 in the error shape with the security headers, on every route', async (_name, headers) => {
    for (const route of routes()) {
      const response = await send(route, headers);
      expect(response.statusCode, route.url).toBe(403);
      expect(response.json()).toEqual({
        error: 'Forbidden',
        message: expect.stringMatching(/^Cross-site request refused/),
      });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['set-cookie'], route.url).toBeUndefined();
    }
  });

  it('same origin passes: the public URL, or the Host the browser talked to (any scheme, default port)', async () => {
    const sameOrigin: Record<string, string>[] = [
      { origin: 'http://wm.test' },
      { origin: 'http://wm.test', 'sec-fetch-site': 'same-origin' },
      { origin: 'https://wm.example.org', host: 'wm.example.org', 'sec-fetch-site': 'same-origin' },
      { origin: 'http://localhost:8080', host: 'localhost:8080' },
    ];
    for (const headers of sameOrigin) {
      for (const route of routes()) {
        const response = await send(route, headers);
        expect(response.statusCode, `${route.url} ${JSON.stringify(headers)}`).toBe(route.ok);
      }
    }
  });

  it('no Origin and no Sec-Fetch-Site (curl, servers, scripts): works as before', async () => {
    for (const route of routes()) expect((await send(route, {})).statusCode, route.url).toBe(route.ok);
  });

  it('--allowed-origin lets that exact origin in, and no other', async () => {
    await withServer({ config: { allowedOrigins: ['https://app.example.org'] } }, async (allowing) => {
      const login = (headers: Record<string, string>) =>
        allowing.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers,
          payload: { email: 'nobody@example.com', password: PASSWORD },
        });
      expect((await login({ origin: 'https://app.example.org', 'sec-fetch-site': 'cross-site' })).statusCode).toBe(401);
      expect((await login({ origin: 'https://app.example.org:8443' })).statusCode).toBe(403);
      expect((await login({ origin: 'http://app.example.org' })).statusCode).toBe(403);
      expect((await login({ origin: 'https://evil.example' })).statusCode).toBe(403);
    });
  });

  it('the mailed verification link (GET) still works when opened from another site, e.g. a webmail', async () => {
    const registered = await server.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'webmail@example.com', password: PASSWORD, username: 'webmail' },
    });
    expect(registered.statusCode).toBe(201);
    const token = tokenFromMail(server.mails.at(-1)!);
    const opened = await server.app.inject({
      url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
      headers: { 'sec-fetch-site': 'cross-site', accept: 'application/json' },
    });
    expect(opened.statusCode).toBe(200);
  });

  it('the refresh cookie is still accepted from the same origin', async () => {
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'http://wm.test' },
      payload: { email: user.email, password: PASSWORD },
    });
    const refreshed = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { origin: 'http://wm.test', 'sec-fetch-site': 'same-origin' },
      cookies: { refreshToken: cookieOf(login)!.value },
    });
    expect(refreshed.statusCode).toBe(200);
  });
});

describe('form and text bodies on the sign-in routes', () => {
  it.each([
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'text/plain;charset=UTF-8',
    'Text/Plain',
  ])('%s: 415 on every route, even without Origin', async (type) => {
    for (const route of routes()) {
      const response = await send(route, { 'content-type': type }, JSON.stringify(route.body ?? {}));
      expect(response.statusCode, route.url).toBe(415);
      expect(response.json()).toEqual({
        error: 'Unsupported Media Type',
        message: expect.stringContaining('application/json'),
      });
    }
  });

  it('a text/plain login CSRF (the attack of the review) logs nobody in', async () => {
    const response = await send(
      routes()[0],
      { 'content-type': 'text/plain', origin: 'https://evil.example' },
      JSON.stringify({ email: user.email, password: PASSWORD }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('other routes keep accepting JSON sent with any type (curl -d)', async () => {
    const response = await server.app.inject({
      method: 'PUT',
      url: '/api/v2/users/me',
      headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: JSON.stringify({ firstName: 'Curl' }),
    });
    expect(response.statusCode).toBe(200);
  });
});
