import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCEPTED_EMAILS, REFUSED_EMAILS, REFUSED_NAMES } from '../domain/field-cases.js';
import {
  PASSWORD,
  bearer,
  cookieOf,
  createApiToken,
  createChannel,
  makeServer,
  signUp,
  tokenFromMail,
  withServer,
  type SignedInUser,
  type TestServer,
} from './harness.js';

let server: TestServer;
let user: SignedInUser;
beforeEach(async () => {
  server = await makeServer();
  user = await signUp(server);
});
afterEach(async () => {
  await server.close();
});

const as = (who: SignedInUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  server.app.inject({ method, url, payload: payload as object, headers: who ? bearer(who.accessToken) : {} });

describe('/api/v2/users', () => {
  it('GET me: user, api_tokens without secrets, quota', async () => {
    const created = await createApiToken(server, user, { name: 'ci' });
    const response = await as(user, 'GET', '/api/v2/users/me');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({ id: user.id, email: user.email, plan: 'free' });
    expect(body.api_tokens).toEqual([
      expect.objectContaining({ id: created.id, name: 'ci', permissions: ['encode', 'decode'], last_used_at: null }),
    ]);
    expect(response.body).not.toContain(created.token);
    expect(body.quota).toEqual({
      requests_made: 0,
      requests_limit: expect.any(Number),
      requests_remaining: expect.any(Number),
      resets_at: expect.any(String),
    });
  });

  it('GET me and login say whether the address is verified: the dashboard tells an unverified account', async () => {
    const unverified = await signUp(server, { verified: false });
    const me = () => as(unverified, 'GET', '/api/v2/users/me');
    expect((await me()).json().user.email_verified).toBe(false);
    const token = tokenFromMail(server.mails.at(-1)!);
    await server.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect((await me()).json().user.email_verified).toBe(true);
    expect((await me()).json().user).toEqual(expect.objectContaining({ email: unverified.email }));
    const verified = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: unverified.email, password: PASSWORD },
    });
    expect(verified.json().user.email_verified).toBe(true);
  });

  it('401 without, with a garbage or with an expired access token', async () => {
    expect((await as(null, 'GET', '/api/v2/users/me')).statusCode).toBe(401);
    const garbage = await server.app.inject({ url: '/api/v2/users/me', headers: bearer('a.b.c') });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.headers['www-authenticate']).toBe('Bearer');
    server.fixture.clock.advance(2 * 3600 + 1);
    const expired = await as(user, 'GET', '/api/v2/users/me');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toMatch(/expired/);
  });

  it('PUT me: 200 with the updated user; 400 with none of the fields or a wrong type', async () => {
    const updated = await as(user, 'PUT', '/api/v2/users/me', { firstName: 'Grace', lastName: 'Hopper' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      message: expect.any(String),
      user: { firstName: 'Grace', lastName: 'Hopper' },
    });
    const empty = await as(user, 'PUT', '/api/v2/users/me', { unknown: 'ignored' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual({ body: expect.stringMatching(/at least one/) });
    expect((await as(user, 'PUT', '/api/v2/users/me', { username: 7 })).statusCode).toBe(400);
    expect((await as(null, 'PUT', '/api/v2/users/me', { username: 'x' })).statusCode).toBe(401);
  });

  it('PUT password: 200, the new one logs in; 400 wrong current or weak new one; 401 unauthenticated', async () => {
    const wrong = await as(user, 'PUT', '/api/v2/users/password', {
      currentPassword: 'Not it 12345',
      newPassword: 'Brand new 12345',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual({ currentPassword: expect.any(String) });
    const weak = await as(user, 'PUT', '/api/v2/users/password', { currentPassword: PASSWORD, newPassword: 'short' });
    expect(weak.statusCode).toBe(400);
    const ok = await as(user, 'PUT', '/api/v2/users/password', {
      currentPassword: PASSWORD,
      newPassword: 'Brand new 12345',
    });
    expect(ok.statusCode).toBe(200);
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'Brand new 12345' },
    });
    expect(login.statusCode).toBe(200);
    expect(
      (await as(null, 'PUT', '/api/v2/users/password', { currentPassword: 'a', newPassword: 'b' })).statusCode,
    ).toBe(401);
  });

  it('PUT password: other sessions end, old access tokens get 401; the caller gets new token and cookie', async () => {
    const elsewhere = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: PASSWORD },
    });
    const apiToken = await createApiToken(server, user);
    const changed = await as(user, 'PUT', '/api/v2/users/password', {
      currentPassword: PASSWORD,
      newPassword: 'Brand new 12345',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      message: expect.stringMatching(/other session is signed out/),
      accessToken: expect.any(String),
    });
    expect(changed.json().message).toMatch(/API tokens keep working/);
    const cookie = cookieOf(changed)!;
    expect(cookie).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      path: '/api/auth/refresh',
      maxAge: 30 * 24 * 3600,
    });

    for (const old of [user.accessToken, elsewhere.json().accessToken]) {
      const me = await server.app.inject({ url: '/api/v2/users/me', headers: bearer(old) });
      expect(me.statusCode).toBe(401);
      expect(me.json().message).toMatch(/before the password was changed/);
    }
    for (const old of [user.refreshToken, cookieOf(elsewhere)!.value]) {
      const refresh = await server.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        cookies: { refreshToken: old },
      });
      expect(refresh.statusCode).toBe(401);
    }
    expect(
      (await server.app.inject({ url: '/api/v2/users/me', headers: bearer(changed.json().accessToken) })).statusCode,
    ).toBe(200);
    const refreshed = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refreshToken: cookie.value },
    });
    expect(refreshed.statusCode).toBe(200);
    // API tokens are not sessions: they keep working
    const encoded = await server.app.inject({
      method: 'POST',
      url: '/api/watermark/encode',
      headers: bearer(apiToken.token),
      payload: { text: 'The quick brown fox jumps over the lazy dog.', secret: 's' },
    });
    expect(encoded.statusCode).toBe(200);
  });

  it('PUT password and login: 400 for a password with an unpaired surrogate', async () => {
    // JSON.stringify writes a lone surrogate as an escape (\ud800): the body is valid JSON, the string is not text
    const change = await as(user, 'PUT', '/api/v2/users/password', {
      currentPassword: PASSWORD,
      newPassword: 'Brand new 12345\ud800',
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().details).toEqual({ newPassword: expect.stringMatching(/unpaired surrogate/) });
    const login = await as(null, 'POST', '/api/auth/login', { email: user.email, password: `${PASSWORD}\udfff` });
    expect(login.statusCode).toBe(400);
    expect(login.json().details).toEqual({ password: expect.stringMatching(/unpaired surrogate/) });
    const register = await as(null, 'POST', '/api/auth/register', {
      email: 'lone@example.com',
      username: 'lone',
      password: `${PASSWORD}\ud800`,
    });
    expect(register.statusCode).toBe(400);
    expect(register.json().details).toEqual({ password: expect.stringMatching(/unpaired surrogate/) });
  });
});

describe('/api/v2/tokens', () => {
  it('POST: 201 with the secret once and the spec fields; GET lists metadata only', async () => {
    const response = await as(user, 'POST', '/api/v2/tokens', {
      name: 'build',
      permissions: ['encode'],
      signing_channel_id: null,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      token: expect.stringMatching(/^wm_/),
      id: expect.any(String),
      name: 'build',
      token_prefix: expect.any(String),
      permissions: ['encode'],
      signing_channel_id: null,
      sign: false,
      encrypt: false,
      created_at: expect.any(String),
      last_used_at: null,
    });
    expect(body.token.startsWith(body.token_prefix)).toBe(true);
    const list = await as(user, 'GET', '/api/v2/tokens');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ id: body.id, name: 'build' })]);
    expect(list.body).not.toContain(body.token);
    expect((await as(null, 'GET', '/api/v2/tokens')).statusCode).toBe(401);
  });

  it('POST: 400 for empty or unknown permissions and a missing name; 401 unauthenticated', async () => {
    expect((await as(user, 'POST', '/api/v2/tokens', { name: 'x', permissions: [] })).statusCode).toBe(400);
    const unknown = await as(user, 'POST', '/api/v2/tokens', { name: 'x', permissions: ['admin'] });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().details)).toEqual(['permissions[0]']);
    expect((await as(user, 'POST', '/api/v2/tokens', { permissions: ['encode'] })).json().details).toEqual({
      name: 'is required',
    });
    expect(
      (await as(user, 'POST', '/api/v2/tokens', { name: 'x', permissions: ['encode'], signing_channel_id: 'nope' }))
        .statusCode,
    ).toBe(400);
    expect((await as(null, 'POST', '/api/v2/tokens', { name: 'x', permissions: ['encode'] })).statusCode).toBe(401);
  });

  it('DELETE and its alias: 204; 404 unknown; 403 for another user’s token; 401 unauthenticated', async () => {
    const one = await createApiToken(server, user);
    const two = await createApiToken(server, user);
    const deleted = await as(user, 'DELETE', `/api/v2/tokens/${one.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await as(user, 'DELETE', `/api/v2/users/tokens/${two.id}`)).statusCode).toBe(204);
    expect((await as(user, 'DELETE', `/api/v2/tokens/${one.id}`)).statusCode).toBe(404);
    const stranger = await signUp(server);
    const theirs = await createApiToken(server, stranger);
    expect((await as(user, 'DELETE', `/api/v2/tokens/${theirs.id}`)).statusCode).toBe(403);
    expect((await as(user, 'DELETE', `/api/v2/users/tokens/${theirs.id}`)).statusCode).toBe(403);
    expect((await as(null, 'DELETE', `/api/v2/tokens/${theirs.id}`)).statusCode).toBe(401);
  });

  it('token ids: the bare UUID (canonical, what responses carry) and tok_<uuid> both work on both paths', async () => {
    const tokens = await Promise.all(Array.from({ length: 4 }, () => createApiToken(server, user)));
    expect(tokens.map((token) => token.id)).toEqual(tokens.map(() => expect.stringMatching(/^[0-9a-f-]{36}$/)));
    const [a, b, c, d] = tokens.map((token) => ({ id: token.id })) as [
      { id: string },
      { id: string },
      { id: string },
      { id: string },
    ];
    expect((await as(user, 'DELETE', `/api/v2/tokens/tok_${a.id}`)).statusCode).toBe(204);
    expect((await as(user, 'DELETE', `/api/v2/users/tokens/tok_${b.id}`)).statusCode).toBe(204);
    expect((await as(user, 'DELETE', `/api/v2/tokens/${c.id.toUpperCase()}`)).statusCode).toBe(204);
    expect((await as(user, 'DELETE', `/api/v2/users/tokens/${d.id}`)).statusCode).toBe(204);
    expect((await as(user, 'GET', '/api/v2/tokens')).json()).toEqual([]);
    expect((await as(user, 'DELETE', `/api/v2/tokens/tok_${a.id}`)).statusCode).toBe(404);
    expect((await as(user, 'DELETE', `/api/v2/tokens/tok_tok_${a.id}`)).statusCode).toBe(404);
    expect((await as(user, 'DELETE', '/api/v2/tokens/tok_')).statusCode).toBe(404);
  });

  it('GET pages with limit and after, the next page in a Link header; 403 past the per-account limit', async () => {
    await server.close();
    server = await makeServer({ domain: { apiTokensPerAccount: 3 } });
    user = await signUp(server);
    for (let i = 0; i < 3; i++) await createApiToken(server, user);
    // without a query, the whole (small) list as before: what the dashboard reads
    const all = await as(user, 'GET', '/api/v2/tokens');
    expect([all.json().length, all.headers.link]).toEqual([3, undefined]);
    const first = await as(user, 'GET', '/api/v2/tokens?limit=2');
    expect(first.json().map((token: { id: string }) => token.id)).toEqual(
      all
        .json()
        .slice(0, 2)
        .map((token: { id: string }) => token.id),
    );
    const next = /^<(\/api\/v2\/tokens\?[^>]+)>; rel="next"$/.exec(String(first.headers.link))![1];
    const second = await as(user, 'GET', next);
    expect([second.json().length, second.headers.link]).toEqual([1, undefined]);
    for (const query of ['limit=0', 'limit=4', 'limit=x', 'after=nope']) {
      expect((await as(user, 'GET', `/api/v2/tokens?${query}`)).statusCode, query).toBe(400);
    }
    const refused = await as(user, 'POST', '/api/v2/tokens', { name: 'fourth', permissions: ['decode'] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().details).toEqual({ limit: '3' });
  });
});

describe('field rules through HTTP (the domain rules, as for the admin CLI)', () => {
  let registered = 0;
  // usernames are unique (under confusable matching): each registration has its own
  const register = (body: Record<string, string>) =>
    server.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { password: PASSWORD, username: `ada${++registered}`, ...body },
    });

  it('the email rule', async () => {
    for (const email of ACCEPTED_EMAILS) expect((await register({ email })).statusCode, email).toBe(201);
    for (const email of REFUSED_EMAILS) {
      const response = await register({ email });
      expect(response.statusCode, email).toBe(400);
      expect(Object.keys(response.json().details), email).toEqual(['email']);
    }
  });

  it('names: 400 with per-field details on register and PUT me', async () => {
    for (const [name, codePoint] of REFUSED_NAMES) {
      const registered = await register({ email: 'names@example.com', username: name, lastName: name });
      expect(registered.statusCode, name).toBe(400);
      expect(registered.json().details).toEqual({
        username: expect.stringContaining(codePoint),
        lastName: expect.stringContaining(codePoint),
      });
      const updated = await as(user, 'PUT', '/api/v2/users/me', { firstName: `x${name}` });
      expect(updated.statusCode, name).toBe(400);
      expect(updated.json().details).toEqual({ firstName: expect.stringContaining(codePoint) });
    }
    expect(server.mails.filter((mail) => mail.to === 'names@example.com')).toEqual([]);
  });
});

describe('/api/v2/credits', () => {
  it('stay exact at the largest balance: a 1-credit charge takes 1, the ledger agrees with the balance', async () => {
    const top = Number.MAX_SAFE_INTEGER;
    await server.fixture.domain.admin.grantCredits(user.email, top - 100);
    const { token } = await createApiToken(server, user);
    const encoded = await server.app.inject({
      method: 'POST',
      url: '/api/watermark/encode',
      headers: bearer(token),
      payload: { text: 'The quick brown fox jumps over the lazy dog.', secret: 's' },
    });
    expect(encoded.statusCode).toBe(200);
    const balance = await as(user, 'GET', '/api/v2/credits/balance');
    expect(balance.json().balance).toBe(top - 1);
    // the database holds exactly that integer, and the history adds up to it
    const [stored] = await server.fixture.sql<{ b: string }>(
      'SELECT CAST(balance AS TEXT) AS b FROM users WHERE id = ?',
      user.id,
    );
    expect(stored.b).toBe(String(top - 1));
    const usage = (await as(user, 'GET', '/api/v2/credits/usage')).json().usage as {
      credits: number;
      balance_after: number;
    }[];
    expect(usage[0]).toMatchObject({ credits: -1, balance_after: top - 1 });
    expect(usage.reduce((sum, record) => sum + BigInt(record.credits), 0n)).toBe(BigInt(top - 1));
    await expect(server.fixture.domain.admin.grantCredits(user.email, 2)).rejects.toThrow(/at most 1 can be granted/);
  });

  it("balance: 200 with the spec fields and this server's cost of an operation; 401 unauthenticated", async () => {
    const response = await as(user, 'GET', '/api/v2/credits/balance');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      balance: 100,
      plan: 'free',
      subscription_status: 'active',
      renews_at: null,
      cost_per_operation: 1,
    });
    await withServer({ domain: { creditCost: 3 } }, async (dear) => {
      const owner = await signUp(dear);
      const balance = await dear.app.inject({ url: '/api/v2/credits/balance', headers: bearer(owner.accessToken) });
      expect(balance.json().cost_per_operation).toBe(3);
    });
    expect((await as(null, 'GET', '/api/v2/credits/balance')).statusCode).toBe(401);
  });

  it('usage: newest first, paginated with limit/before; 400 for a bad limit', async () => {
    const { token } = await createApiToken(server, user);
    for (let i = 0; i < 3; i += 1) {
      const encoded = await server.app.inject({
        method: 'POST',
        url: '/api/watermark/encode',
        headers: bearer(token),
        payload: { text: 'Some words to carry it', secret: `n${i}` },
      });
      expect(encoded.statusCode).toBe(200);
    }
    const first = await as(user, 'GET', '/api/v2/credits/usage?limit=2');
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.usage).toHaveLength(2);
    expect(page.usage[0]).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      operation: 'encode',
      credits: -1,
      balance_after: 97,
      token_id: expect.any(String),
      created_at: expect.any(String),
    });
    const rest = (await as(user, 'GET', `/api/v2/credits/usage?limit=2&before=${page.next_before}`)).json();
    expect(rest.usage.map((r: { operation: string }) => r.operation)).toEqual(['encode', 'signup-grant']);
    expect(rest.next_before).toBeNull();
    expect((await as(user, 'GET', '/api/v2/credits/usage?limit=zero')).statusCode).toBe(400);
    const forged = await as(user, 'GET', '/api/v2/credits/usage?before=AAAAAAAAAAAAAAAAAAAAAA');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().details).toEqual({ before: expect.any(String) });
    expect((await as(user, 'GET', '/api/v2/credits/usage?before=12')).statusCode).toBe(400);
    expect((await as(null, 'GET', '/api/v2/credits/usage')).statusCode).toBe(401);
  });
});

describe('/api/v2/channels', () => {
  it('free plan: 403', async () => {
    const response = await as(user, 'POST', '/api/v2/channels', { channel_name: 'news' });
    expect(response.statusCode).toBe(403);
  });

  it('create 201, list with active_tokens, name taken 409, plan limit 403, 400, deactivate 200/404', async () => {
    const owner = await signUp(server, { plan: 'starter' });
    const created = await as(owner, 'POST', '/api/v2/channels', { channel_name: 'news' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      message: expect.any(String),
      channel: {
        id: expect.any(String),
        channel_name: 'news',
        is_active: true,
        created_at: expect.any(String),
        signing_keys: [],
        keys_public: false,
        keys_published: false,
        signer_name: null,
      },
    });
    const id = created.json().channel.id;
    const channelKey = Buffer.from(await server.fixture.domain.admin.channelKey(owner.email, 'news'));
    for (const form of ['hex', 'base64', 'base64url'] as const) {
      expect(created.body).not.toContain(channelKey.toString(form));
    }
    await createApiToken(server, owner, { signing_channel_id: id });
    expect((await as(owner, 'POST', '/api/v2/channels', { channel_name: 'news' })).statusCode).toBe(409);
    expect((await as(owner, 'POST', '/api/v2/channels', { channel_name: 12 })).statusCode).toBe(400);
    expect((await as(owner, 'POST', '/api/v2/channels', {})).statusCode).toBe(400);
    await createChannel(server, owner, 'two');
    await createChannel(server, owner, 'three');
    expect((await as(owner, 'POST', '/api/v2/channels', { channel_name: 'four' })).statusCode).toBe(403);

    const list = await as(owner, 'GET', '/api/v2/channels');
    expect(list.statusCode).toBe(200);
    expect(list.json().channels[0]).toEqual({
      id,
      channel_name: 'news',
      is_active: true,
      created_at: expect.any(String),
      signing_keys: [],
      keys_public: false,
      keys_published: false,
      signer_name: null,
      active_tokens: 1,
      c2pa_certificate: false,
    });

    const deactivated = await as(owner, 'DELETE', `/api/v2/channels/${id}`);
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json()).toEqual({ message: expect.any(String), channel: { id, channel_name: 'news' } });
    expect((await as(owner, 'GET', '/api/v2/channels')).json().channels[0].is_active).toBe(false);
    expect((await as(owner, 'DELETE', '/api/v2/channels/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await as(user, 'DELETE', `/api/v2/channels/${id}`)).statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', '/api/v2/channels'],
      ['POST', '/api/v2/channels'],
      ['DELETE', `/api/v2/channels/${id}`],
    ] as const) {
      expect((await as(null, method, url, method === 'POST' ? { channel_name: 'x' } : undefined)).statusCode).toBe(401);
    }
  });

  it('a deactivated channel keeps its key: bound tokens still encode and decode', async () => {
    const owner = await signUp(server, { plan: 'pro' });
    const id = await createChannel(server, owner, 'archive');
    const { token } = await createApiToken(server, owner, { signing_channel_id: id });
    const run = (path: string, payload: object) =>
      server.app.inject({ method: 'POST', url: `/api/watermark/${path}`, headers: bearer(token), payload });
    const before = (await run('encode', { text: 'Words that carry a secret', secret: 'old' })).json().encoded;
    await as(owner, 'DELETE', `/api/v2/channels/${id}`);
    expect((await run('decode', { text: before })).json()).toMatchObject({ decoded: 'old', keyed: true });
    expect((await run('encode', { text: 'Words that carry a secret', secret: 'new' })).statusCode).toBe(200);
  });
});

describe('a suspended account (open payment dispute)', () => {
  it('gets 403 AccountSuspended from every JWT endpoint, whatever the request', async () => {
    const token = await createApiToken(server, user);
    await server.fixture.domain.admin.setPlan(user.email, 'starter');
    const channelId = await createChannel(server, user, 'press');
    await server.fixture.domain.admin.suspend(user.email, 'chargeback');
    const calls: [Parameters<typeof as>[1], string, unknown?][] = [
      ['GET', '/api/v2/users/me'],
      ['PUT', '/api/v2/users/me', { firstName: 'Ada' }],
      ['PUT', '/api/v2/users/password', { currentPassword: PASSWORD, newPassword: 'Another horse 43' }],
      ['POST', '/api/v2/tokens', { name: 'more', permissions: ['encode'] }],
      ['GET', '/api/v2/tokens'],
      ['DELETE', `/api/v2/tokens/${token.id}`],
      ['DELETE', `/api/v2/users/tokens/${token.id}`],
      ['GET', '/api/v2/credits/balance'],
      ['GET', '/api/v2/credits/usage'],
      ['POST', '/api/v2/channels', { channel_name: 'other' }],
      ['GET', '/api/v2/channels'],
      ['DELETE', `/api/v2/channels/${channelId}`],
    ];
    for (const [method, url, payload] of calls) {
      const response = await as(user, method, url, payload);
      expect([response.statusCode, response.json().error], `${method} ${url}`).toEqual([403, 'AccountSuspended']);
    }
    const refresh = await server.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refreshToken: user.refreshToken },
    });
    expect([refresh.statusCode, refresh.json().error]).toEqual([403, 'AccountSuspended']);
    // nothing changed meanwhile: once the dispute is resolved, everything is as it was
    await server.fixture.domain.admin.unsuspend(user.email);
    expect((await as(user, 'GET', '/api/v2/tokens')).json()).toHaveLength(1);
    expect((await as(user, 'GET', '/api/v2/channels')).json().channels[0].is_active).toBe(true);
  });
});
