import { randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKeys } from '../../src/domain/keys.js';
import { openDomain } from '../../src/data-folder/index.js';
import {
  CARRIER,
  PASSWORD,
  lastVerificationToken,
  refreshCookieOf,
  startLiveServer,
  type Account,
  type LiveServer,
} from './live-server.js';

const MASTER_KEY = randomBytes(32);
const JWT_KEY = deriveKeys(MASTER_KEY).jwt;
const NEW_PASSWORD = 'Another horse 77 battery';

let server: LiveServer;
/** every secret the battery creates, and the index of the first answer after its creation */
const secrets: { name: string; value: string; from: number }[] = [];
const remember = (name: string, value: string) => secrets.push({ name, value, from: server.answers.length });

beforeAll(async () => {
  server = await startLiveServer({ WM_MASTER_KEY: MASTER_KEY.toString('hex') });
});
afterAll(async () => server?.stop());

async function signUp(email: string, plan?: 'starter'): Promise<Account> {
  const account = await server.signUp(email, plan ? { plan } : {});
  secrets.push({ name: `verification token of ${email}`, value: lastVerificationToken(server.home, email), from: 0 });
  remember(`refresh token of ${email}`, account.cookie.split('=')[1]);
  remember(`access token of ${email}`, account.accessToken);
  return account;
}

async function apiToken(account: Account, body: Record<string, unknown> = {}) {
  const created = await server.apiToken(account, body);
  remember('API token secret', created.token);
  return created;
}

/** A JWT like the server's, with chosen claims and key. */
function jwt(
  claims: { sub: string; exp?: number; iat?: number },
  key: KeyObject | Uint8Array = JWT_KEY,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer('wm')
    .setAudience('wm-api')
    .setIssuedAt(claims.iat ?? now)
    .setExpirationTime(claims.exp ?? now + 600)
    .setJti(randomUUID())
    .sign(key);
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const me = (token: string) => server.api('GET', '/api/v2/users/me', { auth: `Bearer ${token}` });

describe('access tokens (JWT)', () => {
  let alice: Account;
  beforeAll(async () => {
    alice = await signUp('alice@example.com');
  });

  it('a token forged like ours is accepted (the forging below is meaningful)', async () => {
    expect((await me(await jwt({ sub: alice.id }))).status).toBe(200);
  });

  it('alg none: 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: alice.id, iss: 'wm', aud: 'wm-api', iat: now, exp: now + 600, jti: randomUUID() };
    for (const alg of ['none', 'None', 'NONE']) {
      const answer = await me(`${base64url({ alg, typ: 'JWT' })}.${base64url(claims)}.`);
      expect(answer.status).toBe(401);
      expect(answer.json.error).toBe('Unauthorized');
    }
  });

  it('signed with another key: 401', async () => {
    expect((await me(await jwt({ sub: alice.id }, randomBytes(32)))).status).toBe(401);
  });

  it('expired: 401', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    expect((await me(await jwt({ sub: alice.id, iat: past - 7200, exp: past }))).status).toBe(401);
  });

  it('for a user who does not exist (or was deleted): 401 at once', async () => {
    expect((await me(await jwt({ sub: randomUUID() }))).status).toBe(401);
    const doomed = await signUp('doomed@example.com');
    expect((await me(doomed.accessToken)).status).toBe(200);
    expect(server.wm('users', 'delete', doomed.email).status).toBe(0);
    expect((await me(doomed.accessToken)).status).toBe(401);
    expect((await server.api('POST', '/api/auth/refresh', { cookie: doomed.cookie })).status).toBe(401);
  });

  it('for a suspended user: 403 AccountSuspended on every JWT endpoint, and refresh refused', async () => {
    const suspended = await signUp('suspended@example.com');
    expect(server.wm('users', 'suspend', suspended.email, '--reason', 'dispute').status).toBe(0);
    for (const path of ['/api/v2/users/me', '/api/v2/tokens', '/api/v2/credits/balance', '/api/v2/channels']) {
      const answer = await server.api('GET', path, { auth: `Bearer ${suspended.accessToken}` });
      expect(answer.status, path).toBe(403);
      expect(answer.json.error).toBe('AccountSuspended');
    }
    expect((await server.api('POST', '/api/auth/refresh', { cookie: suspended.cookie })).status).not.toBe(200);
  });
});

describe('API tokens and ownership', () => {
  let owner: Account;
  let stranger: Account;
  beforeAll(async () => {
    owner = await signUp('owner@example.com', 'starter');
    stranger = await signUp('stranger@example.com', 'starter');
  });

  it('a revoked API token fails at once: 401', async () => {
    const { token, id } = await apiToken(owner);
    const encode = () =>
      server.api('POST', '/api/watermark/encode', { auth: `Token ${token}`, body: { text: CARRIER, secret: 'x' } });
    expect((await encode()).status).toBe(200);
    expect((await server.api('DELETE', `/api/v2/tokens/${id}`, { auth: `Bearer ${owner.accessToken}` })).status).toBe(
      204,
    );
    expect((await encode()).status).toBe(401);
  });

  it('a token without the needed permission: 403', async () => {
    const { token } = await apiToken(owner, { permissions: ['decode'] });
    const answer = await server.api('POST', '/api/watermark/encode', {
      auth: `Bearer ${token}`,
      body: { text: CARRIER, secret: 'x' },
    });
    expect(answer.status).toBe(403);
  });

  it("deleting another user's token: 403, and the token keeps working", async () => {
    const { token, id } = await apiToken(owner);
    for (const path of [`/api/v2/tokens/${id}`, `/api/v2/users/tokens/${id}`]) {
      expect((await server.api('DELETE', path, { auth: `Bearer ${stranger.accessToken}` })).status).toBe(403);
    }
    const still = await server.api('POST', '/api/watermark/analyze', {
      auth: `Bearer ${token}`,
      body: { encoded: CARRIER },
    });
    expect(still.status).toBe(200);
  });

  it("a token bound to another account's channel: refused like an unknown channel (400), nothing made", async () => {
    const channel = await server.api('POST', '/api/v2/channels', {
      auth: `Bearer ${owner.accessToken}`,
      body: { channel_name: 'press' },
    });
    expect(channel.status).toBe(201);
    const tokensBefore = (await server.api('GET', '/api/v2/tokens', { auth: `Bearer ${stranger.accessToken}` })).json
      .length;
    const attempt = (channelId: string) =>
      server.api('POST', '/api/v2/tokens', {
        auth: `Bearer ${stranger.accessToken}`,
        body: { name: 'steal', permissions: ['decode'], signing_channel_id: channelId },
      });
    const foreign = await attempt(channel.json.channel.id);
    const unknown = await attempt(randomUUID());
    expect(foreign.status).toBe(400);
    expect(foreign.json.details).toHaveProperty('signing_channel_id');
    // no way to tell "exists but is someone else's" from "does not exist"
    expect(foreign.json).toEqual(unknown.json);
    expect((await server.api('GET', '/api/v2/tokens', { auth: `Bearer ${stranger.accessToken}` })).json).toHaveLength(
      tokensBefore,
    );
    expect(
      (
        await server.api('DELETE', `/api/v2/channels/${channel.json.channel.id}`, {
          auth: `Bearer ${stranger.accessToken}`,
        })
      ).status,
    ).toBe(404);
  });

  it("a keyed watermark of one account cannot be read with another account's keyed token", async () => {
    const channels = (await server.api('GET', '/api/v2/channels', { auth: `Bearer ${owner.accessToken}` })).json
      .channels;
    const keyed = await apiToken(owner, { signing_channel_id: channels[0].id });
    const encoded = await server.api('POST', '/api/watermark/encode', {
      auth: `Bearer ${keyed.token}`,
      body: { text: CARRIER, secret: 'owner only' },
    });
    expect(encoded.status).toBe(200);
    const theirs = await server.api('POST', '/api/v2/channels', {
      auth: `Bearer ${stranger.accessToken}`,
      body: { channel_name: 'press' },
    });
    const strangerKeyed = await apiToken(stranger, { signing_channel_id: theirs.json.channel.id });
    const attempt = await server.api('POST', '/api/watermark/decode', {
      auth: `Bearer ${strangerKeyed.token}`,
      body: { text: encoded.json.encoded },
    });
    expect(attempt.status).toBe(422);
    expect(attempt.text).not.toContain('owner only');
  });
});

describe('login and refresh', () => {
  let carol: Account;
  beforeAll(async () => {
    carol = await signUp('carol@example.com');
  });

  it('unknown email and wrong password get identical answers', async () => {
    const unknown = await server.api('POST', '/api/auth/login', {
      body: { email: 'nobody@example.com', password: PASSWORD },
    });
    const wrong = await server.api('POST', '/api/auth/login', {
      body: { email: carol.email, password: 'Wrong horse 42' },
    });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(wrong.text).toBe(unknown.text);
    expect(wrong.headers.getSetCookie()).toEqual(unknown.headers.getSetCookie());
  });

  it('the refresh cookie has exactly the attributes of the spec', async () => {
    const { answer } = await server.login(carol.email);
    remember('refresh token', refreshCookieOf(answer.headers)!.split('=')[1]);
    const cookies = answer.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    const [pair, ...attributes] = cookies[0].split(';').map((part) => part.trim());
    expect(pair).toMatch(/^refreshToken=[A-Za-z0-9_-]{43}$/);
    expect(attributes.map((attribute) => attribute.toLowerCase()).sort()).toEqual(
      ['httponly', 'max-age=2592000', 'path=/api/auth/refresh', 'samesite=strict', 'secure'].sort(),
    );
    expect(answer.text).not.toContain(pair.split('=')[1]);
  });

  it('ten concurrent refreshes with the same cookie: at most one succeeds', async () => {
    const { cookie } = await server.login(carol.email);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => server.api('POST', '/api/auth/refresh', { cookie })),
    );
    const succeeded = answers.filter((answer) => answer.status === 200);
    expect(succeeded.length).toBeLessThanOrEqual(1);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 401)).toBe(true);
  });

  it('replaying a rotated refresh token revokes the whole family', async () => {
    const { cookie: first } = await server.login(carol.email);
    const rotated = await server.api('POST', '/api/auth/refresh', { cookie: first });
    expect(rotated.status).toBe(200);
    const second = refreshCookieOf(rotated.headers)!;
    remember('rotated refresh token', second.split('=')[1]);
    expect((await server.api('POST', '/api/auth/refresh', { cookie: first })).status).toBe(401);
    expect((await server.api('POST', '/api/auth/refresh', { cookie: second })).status).toBe(401);
  });

  it('a password change ends other sessions and earlier access tokens; the caller and API tokens go on', async () => {
    const other = await server.login(carol.email);
    const { token } = await server.apiToken(other);
    const changed = await server.api('PUT', '/api/v2/users/password', {
      auth: `Bearer ${carol.accessToken}`,
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    remember('new password', NEW_PASSWORD);
    expect(changed.status).toBe(200);
    const continued = refreshCookieOf(changed.headers)!;
    remember('refresh token of the password change', continued.split('=')[1]);
    expect((await server.api('POST', '/api/auth/refresh', { cookie: other.cookie })).status).toBe(401);
    for (const old of [carol.accessToken, other.accessToken]) {
      // an earlier access token can no longer mint API tokens
      const mint = await server.api('POST', '/api/v2/tokens', {
        auth: `Bearer ${old}`,
        body: { name: 'x', permissions: ['encode'] },
      });
      expect(mint.status).toBe(401);
    }
    expect((await server.api('GET', '/api/v2/users/me', { auth: `Bearer ${changed.json.accessToken}` })).status).toBe(
      200,
    );
    expect((await server.api('POST', '/api/auth/refresh', { cookie: continued })).status).toBe(200);
    const encoded = await server.api('POST', '/api/watermark/encode', {
      auth: `Bearer ${token}`,
      body: { text: CARRIER, secret: 's' },
    });
    expect(encoded.status).toBe(200);
    const login = await server.api('POST', '/api/auth/login', { body: { email: carol.email, password: NEW_PASSWORD } });
    expect(login.status).toBe(200);
    remember('refresh token after password change', refreshCookieOf(login.headers)!.split('=')[1]);
  });
});

describe('after the battery: no secret in logs, later answers or the database', () => {
  it('finds none of the exact values it created', async () => {
    // the initial password was sent with every registration: it is a secret from the start
    secrets.push({ name: 'password', value: PASSWORD, from: 0 });
    const env = { ...process.env, WM_MASTER_KEY: MASTER_KEY.toString('hex') };
    const opened = await openDomain({ home: server.home, env });
    const channelKeys: Buffer[] = [];
    try {
      for (const email of ['owner@example.com', 'stranger@example.com']) {
        channelKeys.push(Buffer.from(await opened.domain.admin.channelKey(email, 'press')));
      }
    } finally {
      await opened.close();
    }
    expect(secrets.length).toBeGreaterThan(15);

    for (const { name, value, from } of secrets) {
      const later = server.answers
        .slice(from)
        .filter((answer) => `${answer.text}${JSON.stringify([...answer.headers])}`.includes(value));
      expect(later.length, `${name} in a later answer`).toBe(0);
    }

    await server.serve.stop();
    const logs = server.serve.output();
    expect(logs).toContain('request completed');
    const stored = ['wm.db', 'wm.db-wal']
      .map((file) => {
        try {
          return readFileSync(join(server.home, file));
        } catch {
          return Buffer.alloc(0);
        }
      })
      .reduce((all, bytes) => Buffer.concat([all, bytes]));
    expect(stored.length).toBeGreaterThan(0);
    for (const { name, value } of secrets) {
      expect(logs.includes(value), `${name} in the logs`).toBe(false);
      expect(stored.includes(Buffer.from(value, 'utf8')), `${name} in the database`).toBe(false);
    }
    for (const key of channelKeys) {
      for (const form of [
        key,
        Buffer.from(key.toString('hex')),
        Buffer.from(key.toString('base64')),
        Buffer.from(key.toString('base64url')),
      ]) {
        expect(stored.includes(form), 'a channel key in the database').toBe(false);
        expect(logs.includes(form.toString('latin1')), 'a channel key in the logs').toBe(false);
      }
    }
  });
});
