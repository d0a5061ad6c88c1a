import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD, bearer, createApiToken, makeServer, signUp, type TestServer } from './harness.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('service endpoints', () => {
  it('GET /healthz', async () => {
    server = await makeServer();
    const response = await server.app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', version: expect.any(String) });
  });

  it('GET /openapi.json documents every route with its schemas and security', async () => {
    server = await makeServer();
    const response = await server.app.inject({ url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const expected = {
      '/api/auth/register': ['post'],
      '/api/auth/login': ['post'],
      '/api/auth/verify-email': ['get', 'post'],
      '/api/auth/forgot-password': ['post'],
      '/api/auth/resend-verification': ['post'],
      '/api/auth/reset-password': ['post'],
      '/api/auth/refresh': ['post'],
      '/api/auth/logout': ['post'],
      '/api/v2/users/me': ['get', 'put'],
      '/api/v2/users/password': ['put'],
      '/api/v2/tokens': ['get', 'post'],
      '/api/v2/tokens/{tokenId}': ['delete'],
      '/api/v2/users/tokens/{id}': ['delete'],
      '/api/v2/tokens/current': ['delete', 'get'],
      '/api/v2/credits/balance': ['get'],
      '/api/v2/credits/usage': ['get'],
      '/api/v2/channels': ['get', 'post'],
      '/api/v2/channels/{channelId}': ['delete', 'patch'],
      '/api/v2/channels/{channelId}/signing-keys': ['post'],
      '/api/v2/channels/{channelId}/signing-keys/{keyId}': ['delete'],
      '/.well-known/wm-keys.json': ['get'],
      '/api/watermark/encode': ['post'],
      '/api/watermark/encode-robust': ['post'],
      '/api/watermark/decode': ['post'],
      '/api/watermark/decode-robust': ['post'],
      '/api/watermark/analyze': ['post'],
      '/api/v1/encode': ['post'],
      '/healthz': ['get'],
      '/mcp': ['post'],
    };
    for (const [path, methods] of Object.entries(expected)) {
      expect(Object.keys(doc.paths[path] ?? {}).sort(), path).toEqual(methods);
    }
    const encode = doc.paths['/api/watermark/encode'].post;
    expect(encode.requestBody.content['application/json'].schema.required).toEqual(['text', 'secret']);
    expect(encode.responses['402']).toBeDefined();
    expect(encode.security).toEqual([{ apiToken: [] }, { apiTokenLegacy: [] }]);
    expect(doc.components.securitySchemes.accessToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(encode.requestBody.content['application/json'].schema.properties.method.enum).toEqual([
      'auto',
      'single',
      'chunked',
      'char',
      'pattern',
    ]);
    expect(doc.paths['/api/auth/refresh'].post.security).toEqual([{ refreshCookie: [] }]);
    expect(doc.components.securitySchemes.refreshCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'refreshToken',
    });
    for (const [path, operations] of Object.entries<
      Record<string, { responses: Record<string, { content?: object }> }>
    >(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses);
        expect(
          statuses.some((status) => /^2/.test(status)),
          `${method} ${path}`,
        ).toBe(true);
        expect(statuses, `${method} ${path}`).toContain('500');
        // 204 and 304 never carry a body, nor does the redirect of the verification link
        for (const status of statuses.filter((status) => !['204', '303', '304'].includes(status))) {
          expect(operation.responses[status].content, `${method} ${path} ${status}`).toBeDefined();
        }
      }
    }
    const me = doc.paths['/api/v2/users/me'].get;
    expect(Object.keys(me.responses)).toEqual(['200', '401', '403', '500', '503']);
  });

  it('GET /docs serves the interactive docs with a CSP that allows them', async () => {
    server = await makeServer();
    // both spellings of the address, and every asset the page references, relative to where it was loaded
    for (const page of ['/docs', '/docs/']) {
      const response = await server.app.inject({ url: page });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      const assets = [...response.body.matchAll(/(?:href|src)="([^"]+)"/g)].map(
        (match) => new URL(match[1], `http://wm.test${page}`).pathname,
      );
      expect(assets.length).toBeGreaterThan(3);
      for (const asset of assets) expect((await server.app.inject({ url: asset })).statusCode, asset).toBe(200);
    }
    const initializer = await server.app.inject({ url: '/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain("resolveUrl('./json')");
    const spec = await server.app.inject({ url: '/docs/json' });
    expect(spec.json().paths['/api/watermark/encode']).toBeDefined();
  });

  it('sends security headers', async () => {
    server = await makeServer();
    const response = await server.app.inject({ url: '/healthz' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('answers that carry secrets or account data are never stored by a cache (no-store)', async () => {
    server = await makeServer();
    const app = server.app;
    const user = await signUp(server);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: PASSWORD },
    });
    const refresh = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refreshToken: user.refreshToken },
    });
    const auth = bearer(user.accessToken);
    const token = await app.inject({
      method: 'POST',
      url: '/api/v2/tokens',
      headers: auth,
      payload: { name: 't', permissions: ['decode'] },
    });
    const me = await app.inject({ url: '/api/v2/users/me', headers: auth });
    const refused = await app.inject({ url: '/api/v2/users/me' });
    const mcp = await app.inject({ method: 'POST', url: '//mcp', payload: {} });
    for (const [name, response] of Object.entries({ login, refresh, token, me, refused, mcp })) {
      expect(response.headers['cache-control'], name).toBe('no-store');
    }
    expect([login.statusCode, refresh.statusCode, token.statusCode, me.statusCode]).toEqual([200, 200, 201, 200]);
    // the public key set stays cacheable
    const keys = await app.inject({ url: '/.well-known/wm-keys.json' });
    expect(keys.headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('error shape', () => {
  it('unknown route: 404 JSON', async () => {
    server = await makeServer();
    const response = await server.app.inject({ url: '/api/v2/nothing?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not Found', message: 'Route GET /api/v2/nothing not found' });
  });

  it('an empty body is no body: fine where none is expected, 400 with details where one is', async () => {
    server = await makeServer();
    const json = { 'content-type': 'application/json' };
    const logout = await server.app.inject({ method: 'POST', url: '/api/auth/logout', headers: json, body: '' });
    expect(logout.statusCode).toBe(200);
    const login = await server.app.inject({ method: 'POST', url: '/api/auth/login', headers: json, body: '' });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ error: 'Bad Request', details: { body: 'must be object' } });
  });

  it('body over the limit: 413 JSON', async () => {
    server = await makeServer({ config: { bodyLimitBytes: 2048 } });
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@example.com', password: 'x'.repeat(4096) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: 'Payload Too Large' });
  });

  it('unexpected failures: 500 without internals', async () => {
    server = await makeServer();
    server.app.get('/boom', async () => {
      throw new Error('secret internal detail at /var/lib/db');
    });
    const response = await server.app.inject({ url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal Server Error', message: 'Unexpected server failure' });
  });
});

describe('logs', () => {
  it('redact Authorization, cookies, passwords, tokens and the verification token in URLs', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    server = await makeServer({ logStream: stream });
    server.app.addHook('preHandler', async (request) => {
      request.log.info({ body: request.body, headers: request.headers }, 'incoming');
    });
    const user = await signUp(server);
    const { token } = await createApiToken(server, user);
    await server.app.inject({
      method: 'POST',
      url: '/api/watermark/encode',
      headers: { authorization: `Token ${token}` },
      payload: { text: 'Some words here', secret: 'TOPSECRET' },
    });
    await server.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { refreshToken: user.refreshToken } });
    await server.app.inject({
      url: '/api/auth/verify-email?token=LEAKYTOKEN',
      headers: { accept: 'application/json' },
    });
    // the query parser decodes names, so the log must too: each of these reaches the route as `token`
    for (const query of [
      '%74oken=ESCAPED1',
      'to%6Ben=ESCAPED2',
      'x=1&%74%6F%6B%65%6E=ESCAPED3&y=2',
      'TOKEN=ESCAPED4',
    ]) {
      await server.app.inject({ url: `/api/auth/verify-email?${query}`, headers: { accept: 'application/json' } });
    }
    const log = lines.join('');
    expect(log).toContain('[redacted]');
    expect(log).toContain('verify-email?x=1&%74%6F%6B%65%6E=[redacted]&y=2');
    const secrets = [PASSWORD, token, user.refreshToken, user.accessToken, 'TOPSECRET', 'LEAKYTOKEN'];
    for (const secret of [...secrets, 'ESCAPED1', 'ESCAPED2', 'ESCAPED3', 'ESCAPED4']) {
      expect(log, secret).not.toContain(secret);
    }
    expect(log).toContain('verify-email?token=[redacted]');
  });
});
