import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHashGate } from '../../src/domain/hash-gate.js';
import {
  PASSWORD,
  bearer,
  cookieOf,
  makeServer,
  signUp,
  tokenFromMail,
  withServer,
  type TestServer,
} from './harness.js';

let server: TestServer;
beforeEach(async () => {
  server = await makeServer();
});
afterEach(async () => {
  await server.close();
});

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('POST /api/auth/register', () => {
  it('creates the account (201) and mails a verification link under the public URL', async () => {
    const response = await post('/api/auth/register', {
      email: 'Ada@Example.com',
      password: PASSWORD,
      username: 'ada',
      firstName: 'Ada',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toEqual(expect.any(String));
    expect(body.user).toEqual({
      id: expect.any(String),
      email: 'ada@example.com',
      username: 'ada',
      firstName: 'Ada',
      plan: 'free',
      email_verified: false,
    });
    expect(JSON.stringify(body)).not.toMatch(/password/i);
    expect(server.mails).toHaveLength(1);
    expect(server.mails[0].to).toBe('ada@example.com');
    expect(server.mails[0].text).toMatch(/http:\/\/wm\.test\/api\/auth\/verify-email\?token=\S+/);
  });

  it('accepts a body without Content-Type (the spec allows it); a form type is 415 (cross-site.test.ts)', async () => {
    const raw = JSON.stringify({ email: 'raw@example.com', password: PASSWORD, username: 'raw' });
    const none = await server.app.inject({ method: 'POST', url: '/api/auth/register', body: raw });
    expect(none.statusCode).toBe(201);
    const form = await server.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      body: JSON.stringify({ email: 'form@example.com', password: PASSWORD, username: 'form' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
  });

  it('400 with per-field details for missing and wrongly typed fields', async () => {
    const missing = await post('/api/auth/register', { email: 'x@example.com', username: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'Bad Request', details: { password: expect.any(String) } });
    const typed = await post('/api/auth/register', { email: 'x@example.com', username: 42, password: PASSWORD });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().details).toEqual({ username: 'must be string' });
  });

  it('400 for a weak password, with the rule in details', async () => {
    const response = await post('/api/auth/register', { email: 'w@example.com', username: 'w', password: 'short' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.password).toMatch(/at least 10/);
  });

  it('409 when the email is registered already (any letter case)', async () => {
    await post('/api/auth/register', { email: 'dup@example.com', password: PASSWORD, username: 'a' });
    const again = await post('/api/auth/register', { email: 'DUP@example.com', password: PASSWORD, username: 'b' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'Conflict', details: { email: expect.any(String) } });
  });

  it('400 for malformed JSON and for a non-object body', async () => {
    const malformed = await server.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      body: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: 'Bad Request', message: 'Malformed JSON body' });
    const array = await post('/api/auth/register', [1, 2]);
    expect(array.statusCode).toBe(400);
    expect(array.json().details).toEqual({ body: 'must be object' });
  });
});

describe('limits on the routes that hash passwords', () => {
  const login = (target: TestServer, remoteAddress = '127.0.0.1', password = 'nope-nope-1') =>
    target.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      payload: { email: 'n@example.com', password },
    });

  it('429 with Retry-After past the per-address allowance, shared by login, register and password change', async () => {
    await withServer({ domain: { passwordAttemptsPerMinute: 3 } }, async (limited) => {
      const user = await signUp(limited);
      // signing up took two of the three attempts (register, login)
      const change = await limited.app.inject({
        method: 'PUT',
        url: '/api/v2/users/password',
        headers: bearer(user.accessToken),
        payload: { currentPassword: 'Not it 12345', newPassword: 'Brand new 12345' },
      });
      expect(change.statusCode).toBe(400);
      for (const refused of [
        await login(limited),
        await limited.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { email: 'r@example.com', password: PASSWORD, username: 'r' },
        }),
        await limited.app.inject({
          method: 'PUT',
          url: '/api/v2/users/password',
          headers: bearer(user.accessToken),
          payload: { currentPassword: PASSWORD, newPassword: 'Brand new 12345' },
        }),
      ]) {
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBe(20);
        expect(refused.json()).toEqual({
          error: 'Too Many Requests',
          message: expect.stringMatching(/from your address; retry in 20 s/),
        });
      }
      expect((await login(limited, '10.1.2.3')).statusCode).toBe(401);
    });
  });

  it('429 per account after its free failures, from any address; its known address still gets in', async () => {
    await withServer({ domain: { accountFreeFailures: 2 } }, async (limited) => {
      const user = await signUp(limited);
      for (const address of ['203.0.113.1', '203.0.113.2']) {
        const wrong = await limited.app.inject({
          method: 'PUT',
          url: '/api/v2/users/password',
          remoteAddress: address,
          headers: bearer(user.accessToken),
          payload: { currentPassword: 'Not it 12345', newPassword: 'Brand new 12345' },
        });
        expect(wrong.statusCode).toBe(400);
      }
      const elsewhere = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.3',
        payload: { email: user.email, password: PASSWORD },
      });
      expect(elsewhere.statusCode).toBe(429);
      expect(elsewhere.headers['retry-after']).toBe('1');
      expect(elsewhere.json().message).toMatch(/on this account/);
      // signUp logged in from 127.0.0.1: that address passed the account's check before
      const home = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: PASSWORD },
      });
      expect(home.statusCode).toBe(200);
    });
  });

  it('503 with Retry-After at once when every hashing slot is taken and the line is full', async () => {
    const gate = createHashGate({ concurrency: 1, queueLength: 0 });
    await withServer({ hashGate: gate }, async (busy) => {
      const user = await signUp(busy);
      let release!: () => void;
      const holding = gate.run(1, () => new Promise<void>((resolve) => (release = resolve)));
      const refused = [
        await login(busy),
        await busy.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { email: 'b@example.com', password: PASSWORD, username: 'b' },
        }),
        await busy.app.inject({
          method: 'PUT',
          url: '/api/v2/users/password',
          headers: bearer(user.accessToken),
          payload: { currentPassword: PASSWORD, newPassword: 'Brand new 12345' },
        }),
      ];
      for (const response of refused) {
        expect(response.statusCode).toBe(503);
        expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(response.json()).toEqual({
          error: 'Service Unavailable',
          message: expect.stringMatching(/busy checking passwords/),
        });
      }
      release();
      await holding;
      expect((await login(busy, '127.0.0.1', PASSWORD)).statusCode).toBe(401);
    });
  });

  it('behind a trusted proxy (--trust-proxy) counts each client of X-Forwarded-For, else the proxy', async () => {
    const attempt = (server: TestServer, client: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': client },
        payload: { email: 'n@example.com', password: 'nope-nope-1' },
      });
    await withServer(
      { config: { trustProxy: ['10.0.0.0/8'] }, domain: { passwordAttemptsPerMinute: 1 } },
      async (proxied) => {
        expect((await attempt(proxied, '203.0.113.1')).statusCode).toBe(401);
        expect((await attempt(proxied, '203.0.113.2')).statusCode).toBe(401);
        expect((await attempt(proxied, '203.0.113.1')).statusCode).toBe(429);
      },
    );
    // by default the header is anybody's claim: the peer (the proxy) is the client
    await withServer({ domain: { passwordAttemptsPerMinute: 1 } }, async (direct) => {
      expect((await attempt(direct, '203.0.113.1')).statusCode).toBe(401);
      expect((await attempt(direct, '203.0.113.2')).statusCode).toBe(429);
    });
  });
});

describe('POST /api/auth/login', () => {
  it('200 with accessToken and user (plan); refresh token only in the cookie', async () => {
    await post('/api/auth/register', { email: 'l@example.com', password: PASSWORD, username: 'l' });
    const response = await post('/api/auth/login', { email: 'L@example.com', password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      message: expect.any(String),
      accessToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      user: expect.objectContaining({ email: 'l@example.com', plan: 'free' }),
    });
    const cookie = cookieOf(response)!;
    expect(cookie).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      path: '/api/auth/refresh',
      maxAge: 30 * 24 * 3600,
    });
    expect(response.body).not.toContain(cookie.value);
  });

  it('400 for missing fields, 401 for a wrong password or unknown email', async () => {
    await post('/api/auth/register', { email: 'l2@example.com', password: PASSWORD, username: 'l' });
    expect((await post('/api/auth/login', { email: 'l2@example.com' })).statusCode).toBe(400);
    const wrong = await post('/api/auth/login', { email: 'l2@example.com', password: 'Wrong password 1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Unauthorized', message: 'Invalid email or password' });
    expect((await post('/api/auth/login', { email: 'ghost@example.com', password: PASSWORD })).statusCode).toBe(401);
  });

  it('403 AccountSuspended for a suspended account', async () => {
    await post('/api/auth/register', { email: 's@example.com', password: PASSWORD, username: 's' });
    await server.fixture.domain.admin.suspend('s@example.com', 'dispute');
    const response = await post('/api/auth/login', { email: 's@example.com', password: PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('AccountSuspended');
  });
});

describe('verify-email', () => {
  it('POST {token}: 200, then 200 "already verified" when used again; 400 when invalid', async () => {
    await post('/api/auth/register', { email: 'v@example.com', password: PASSWORD, username: 'v' });
    const token = tokenFromMail(server.mails[0]);
    const ok = await post('/api/auth/verify-email', { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Email address verified; watermark operations are now allowed' });
    const again = await post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'This email address is already verified' });
    expect((await post('/api/auth/verify-email', { token: 'made-up' })).statusCode).toBe(400);
    expect((await post('/api/auth/verify-email', {})).statusCode).toBe(400);
  });

  const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
  const open = (token: string, headers: Record<string, string> = HTML) =>
    server.app.inject({ url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`, headers });

  it('GET link: a browser goes to the dashboard page with the outcome (again: already); JSON for JSON', async () => {
    await post('/api/auth/register', { email: 'g1@example.com', password: PASSWORD, username: 'g' });
    await post('/api/auth/register', { email: 'g2@example.com', password: PASSWORD, username: 'g2' });
    const [first, second] = server.mails.map(tokenFromMail);
    for (const expected of ['verified', 'already', 'already']) {
      const page = await open(first);
      expect(page.statusCode).toBe(303);
      expect(page.headers.location).toBe(`/verify-email?result=${expected}`);
    }
    expect((await open('<script>')).headers.location).toBe('/verify-email?result=invalid');
    expect((await server.app.inject({ url: '/api/auth/verify-email', headers: HTML })).headers.location).toBe(
      '/verify-email?result=invalid',
    );
    await server.fixture.domain.admin.suspend('g2@example.com', 'dispute');
    expect((await open(second)).headers.location).toBe('/verify-email?result=suspended');
    await server.fixture.domain.admin.unsuspend('g2@example.com');
    const json = await open(second, { accept: 'application/json' });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual({ message: expect.any(String) });
  });

  it('GET link without a built dashboard: a plain page (200, 200 already verified, 400 escaped)', async () => {
    await withServer({ dashboardFolder: '/nonexistent' }, async (plain) => {
      await plain.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: 'p@example.com', password: PASSWORD, username: 'p' },
      });
      const link = `/api/auth/verify-email?token=${encodeURIComponent(tokenFromMail(plain.mails[0]))}`;
      const first = await plain.app.inject({ url: link, headers: HTML });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toMatch(/^text\/html/);
      expect(first.body).toContain('Email verified');
      const second = await plain.app.inject({ url: link, headers: HTML });
      expect(second.statusCode).toBe(200);
      expect(second.body).toContain('Already verified');
      const bad = await plain.app.inject({ url: '/api/auth/verify-email?token=<script>', headers: HTML });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('Verification failed');
      expect(bad.body).not.toContain('<script>');
    });
  });

  it('HEAD on the link (mail scanners, link previews) consumes nothing; the GET after it verifies', async () => {
    await post('/api/auth/register', { email: 'head@example.com', password: PASSWORD, username: 'h' });
    const link = `/api/auth/verify-email?token=${encodeURIComponent(tokenFromMail(server.mails[0]))}`;
    for (const accept of ['text/html', 'application/json']) {
      const head = await server.app.inject({ method: 'HEAD', url: link, headers: { accept } });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toContain(accept);
      expect(head.body).toBe('');
    }
    expect((await server.fixture.domain.admin.showUser('head@example.com')).email_verified).toBe(false);
    const opened = await server.app.inject({ url: link, headers: { accept: 'application/json' } });
    expect(opened.statusCode).toBe(200);
    expect((await server.fixture.domain.admin.showUser('head@example.com')).email_verified).toBe(true);
  });

  it('GET link as JSON with a missing token: 400 naming the field', async () => {
    const json = await server.app.inject({ url: '/api/auth/verify-email', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().details).toEqual({ token: 'is required' });
  });
});

describe('refresh and logout', () => {
  it('refresh: 200 with a new access token and a rotated cookie; the old cookie is then refused', async () => {
    const user = await signUp(server);
    const first = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refreshToken: user.refreshToken },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ accessToken: expect.any(String) });
    const rotated = cookieOf(first)!;
    expect(rotated.value).not.toBe(user.refreshToken);
    expect(rotated).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/auth/refresh' });
    const me = await server.app.inject({ url: '/api/v2/users/me', headers: bearer(first.json().accessToken) });
    expect(me.statusCode).toBe(200);

    const reused = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refreshToken: user.refreshToken },
    });
    expect(reused.statusCode).toBe(401);
    // reuse ends the whole session family, the rotated cookie included
    const afterTheft = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refreshToken: rotated.value },
    });
    expect(afterTheft.statusCode).toBe(401);
  });

  it('refresh: 401 without a cookie or with garbage', async () => {
    const none = await server.app.inject({ method: 'POST', url: '/api/auth/refresh' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toBe('Unauthorized');
    const garbage = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refreshToken: 'nope' },
    });
    expect(garbage.statusCode).toBe(401);
  });

  it('logout: 200, revokes the refresh token, clears the cookie on its path; the access token stays', async () => {
    const user = await signUp(server);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { refreshToken: user.refreshToken },
      headers: bearer(user.accessToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: expect.any(String) });
    const cleared = cookieOf(response)!;
    expect(cleared.value).toBe('');
    expect(cleared.path).toBe('/api/auth/refresh');
    expect(cleared.expires!.getTime()).toBeLessThan(Date.now());
    const refresh = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refreshToken: user.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const me = await server.app.inject({ url: '/api/v2/users/me', headers: bearer(user.accessToken) });
    expect(me.statusCode).toBe(200);
  });

  it('logout with only the Bearer access token (browsers send no cookie there) ends that session', async () => {
    const user = await signUp(server);
    const other = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: PASSWORD },
    });
    const refreshed = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refreshToken: user.refreshToken },
    });
    const rotated = cookieOf(refreshed)!.value;
    const response = await post('/api/auth/logout', undefined, bearer(refreshed.json().accessToken));
    expect(response.statusCode).toBe(200);
    const afterLogout = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refreshToken: rotated },
    });
    expect(afterLogout.statusCode).toBe(401);
    // the other login (another device) is a different session and keeps working
    const elsewhere = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refreshToken: cookieOf(other)!.value },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('logout: 200 even without a cookie or with a garbage access token', async () => {
    expect((await post('/api/auth/logout', undefined, bearer('not.a.jwt'))).statusCode).toBe(200);
    const response = await post('/api/auth/logout');
    expect(response.statusCode).toBe(200);
  });
});
