import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WM_BIN, runWm, startServe, type ServeProcess } from './serve-process.js';

const PASSWORD = 'Correct horse 42';
const CARRIER = 'Every word of this sentence can carry a little of the hidden message for us.';

let home: string;
let serve: ServeProcess;
let base: string;
const env = { ...process.env, WM_SCRYPT_LN: '10', WM_HOME: '', WM_SMTP_URL: '' };
const wm = (...args: string[]) => runWm(home, env, ...args);

async function api(method: string, path: string, options: { body?: unknown; auth?: string; cookie?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.auth) headers.authorization = options.auth;
  if (options.cookie) headers.cookie = options.cookie;
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/** "refreshToken=…" from a Set-Cookie header. */
function refreshCookie(headers: Headers): string {
  const cookie = headers.getSetCookie().find((line) => line.startsWith('refreshToken='));
  if (!cookie) throw new Error('no refreshToken cookie');
  return cookie.split(';')[0];
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'wm-serve-'));
  serve = await startServe(home, env);
  base = serve.url;
});

afterAll(async () => {
  await serve?.stop();
  rmSync(home, { recursive: true, force: true });
});

describe('wm serve end to end (real process, real HTTP)', () => {
  it('prints where it listens, its data folder, outbox and docs', () => {
    expect(serve.output()).toContain(`data folder: ${home}`);
    expect(serve.output()).toContain(`database:    ${join(home, 'wm.db')} (SQLite)`);
    expect(serve.output()).toContain(join(home, 'outbox.jsonl'));
    expect(serve.output()).toContain(`${base}/docs`);
  });

  it('register → verify by mail link → login → refresh → channel → keyed token → encode/decode → logout', async () => {
    const email = 'e2e@example.com';
    const registered = await api('POST', '/api/auth/register', {
      body: { email, password: PASSWORD, username: 'e2e' },
    });
    expect(registered.status).toBe(201);

    const mail = JSON.parse(readFileSync(join(home, 'outbox.jsonl'), 'utf8').trim().split('\n').at(-1)!);
    expect(mail).toMatchObject({ to: email, subject: expect.any(String), sentAt: expect.any(String) });
    const link = /(http:\/\/\S+\/api\/auth\/verify-email\?token=\S+)/.exec(mail.text)![1];
    expect(link.startsWith(base)).toBe(true);
    const verified = await fetch(link, { headers: { accept: 'application/json' } });
    expect(verified.status).toBe(200);

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const loginBody = (await login.json()) as { accessToken: string; user: { plan: string } };
    expect(loginBody.user.plan).toBe('free');
    const setCookie = login.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/api\/auth\/refresh/);

    const refreshed = await fetch(`${base}/api/auth/refresh`, {
      method: 'POST',
      headers: { cookie: refreshCookie(login.headers) },
    });
    expect(refreshed.status).toBe(200);
    const cookie = refreshCookie(refreshed.headers);
    const { accessToken } = (await refreshed.json()) as { accessToken: string };
    const session = `Bearer ${accessToken}`;

    expect((await api('POST', '/api/v2/channels', { auth: session, body: { channel_name: 'press' } })).status).toBe(
      403,
    );
    const setPlan = wm('users', 'set-plan', email, 'starter');
    expect(setPlan.status, setPlan.stderr).toBe(0);
    const press = await api('POST', '/api/v2/channels', { auth: session, body: { channel_name: 'press' } });
    expect(press.status).toBe(201);
    const other = await api('POST', '/api/v2/channels', { auth: session, body: { channel_name: 'other' } });

    const keyed = await api('POST', '/api/v2/tokens', {
      auth: session,
      body: { name: 'press', permissions: ['encode', 'decode'], signing_channel_id: press.body.channel.id },
    });
    expect(keyed.status).toBe(201);
    const foreign = await api('POST', '/api/v2/tokens', {
      auth: session,
      body: { name: 'other', permissions: ['decode'], signing_channel_id: other.body.channel.id },
    });

    const encoded = await api('POST', '/api/watermark/encode', {
      auth: `Token ${keyed.body.token}`,
      body: { text: CARRIER, secret: 'leak-42' },
    });
    expect(encoded.status).toBe(200);
    expect(encoded.body.keyed).toBe(true);
    const decoded = await api('POST', '/api/watermark/decode', {
      auth: `Bearer ${keyed.body.token}`,
      body: { text: encoded.body.encoded },
    });
    expect(decoded.body).toMatchObject({ decoded: 'leak-42', keyed: true });
    const wrongChannel = await api('POST', '/api/watermark/decode', {
      auth: `Bearer ${foreign.body.token}`,
      body: { text: encoded.body.encoded },
    });
    expect(wrongChannel.status).toBe(422);
    expect(wrongChannel.body.message).toBe('decryption failed (wrong channel or corrupted)');

    expect((await api('DELETE', `/api/v2/tokens/${keyed.body.id}`, { auth: session })).status).toBe(204);
    const revoked = await api('POST', '/api/watermark/decode', {
      auth: `Bearer ${keyed.body.token}`,
      body: { text: encoded.body.encoded },
    });
    expect(revoked.status).toBe(401);

    const logout = await api('POST', '/api/auth/logout', { auth: session, cookie });
    expect(logout.status).toBe(200);
    expect((await api('POST', '/api/auth/refresh', { cookie })).status).toBe(401);
  });

  it('answers unknown routes with JSON 404 and stops cleanly on SIGTERM', async () => {
    const missing = await api('GET', '/nope');
    expect(missing.status).toBe(404);
    expect(await serve.stop()).toBe(0);
    expect(serve.output()).toMatch(/stopped/);
    // the database was closed cleanly: the CLI opens it at once
    expect(wm('users', 'list').status).toBe(0);
  });

  it('refuses to start with a master key that does not open the channel keys it sealed', () => {
    // the data folder holds a channel sealed under master.key (the flow above); another key must not serve it
    const other = runWm(home, { ...env, WM_MASTER_KEY: 'ab'.repeat(32) }, 'serve', '--port', '0');
    expect(other.status).toBe(4);
    expect(other.stderr).toMatch(/the master key from WM_MASTER_KEY does not open the channel keys in the database/);
  });

  it('refuses a port in use before it creates anything (exit 4)', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    const fresh = join(home, 'not-yet');
    try {
      const refused = spawnSync(process.execPath, [WM_BIN, 'serve', '--port', String(port), '--home', fresh], {
        env,
        encoding: 'utf8',
      });
      expect(refused.status).toBe(4);
      expect(refused.stderr).toBe(
        `wm: 127.0.0.1:${port} is in use by another process (another wm serve?): stop it, or choose --port\n`,
      );
      expect(existsSync(fresh)).toBe(false);
    } finally {
      taken.close();
    }
  });
});
