import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, type TestPostgresDatabase } from '../database.js';
import { PASSWORD } from '../reliability/live-server.js';
import { allAtOnce, startInstances, tally, type Instances } from './instances.js';

/**
 * Two `wm serve` processes on one PostgreSQL database, through real HTTP: the money rules, revocation, refresh-token
 * reuse and the password-attempt limits hold across them as they hold in one process.
 */

let database: TestPostgresDatabase;
let instances: Instances;
let addresses = 0;
/** a client address of its own (X-Forwarded-For through the trusted proxy 127.0.0.1) */
const newAddress = () => `198.51.100.${++addresses}`;

beforeAll(async () => {
  database = await freshPostgresDatabase();
  // every new account starts with 37 credits; 5 password attempts per address and minute
  instances = await startInstances({
    count: 2,
    databaseUrl: database.url,
    env: { WM_FREE_CREDITS: '37', WM_AUTH_RATE_LIMIT: '5' },
  });
}, 120_000);
afterAll(async () => {
  await instances?.stop();
  await database?.release();
});

const analyze = (n: number, token: string) =>
  instances.api(n, 'POST', '/api/watermark/analyze', { auth: `Token ${token}`, body: { encoded: 'plain text' } });

async function usageOf(accessToken: string) {
  const page = await instances.api(0, 'GET', '/api/v2/credits/usage?limit=500', { auth: `Bearer ${accessToken}` });
  return (page.json as { usage: { operation: string; credits: number; balance_after: number }[] }).usage;
}

describe('charges across instances', () => {
  it('200 concurrent charged requests over two instances on a balance of 37: exactly 37 succeed', async () => {
    const account = await instances.signUp('balance@example.com', newAddress());
    const { token } = await instances.apiToken(0, account);
    const answers = await allAtOnce(200, (i) => analyze(i % 2, token));
    expect(tally(answers)).toEqual({ 200: 37, 402: 163 });
    const balance = await instances.api(1, 'GET', '/api/v2/credits/balance', { auth: `Bearer ${account.accessToken}` });
    expect((balance.json as { balance: number }).balance).toBe(0);
    const charges = (await usageOf(account.accessToken)).filter((entry) => entry.credits < 0);
    expect(charges).toHaveLength(37);
    expect(charges.map((entry) => entry.balance_after).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 37 }, (_, i) => i),
    );
  });

  it('the monthly quota holds the same way: 25 left of it, 200 concurrent requests, 25 succeed', async () => {
    const account = await instances.signUp('quota@example.com', newAddress());
    expect(instances.wm('credits', 'grant', account.email, '1000').status).toBe(0);
    const { token } = await instances.apiToken(1, account);
    // 975 of the free plan's 1,000 operations used this month (set in the database, as a month of use would)
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const now = new Date();
    const periodStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    await client.query(
      `INSERT INTO usage_counters (user_id, period_start, requests_made)
       SELECT id, $2, 975 FROM users WHERE email = $1`,
      [account.email, periodStart],
    );
    await client.end();
    const answers = await allAtOnce(200, (i) => analyze(i % 2, token));
    expect(tally(answers)).toEqual({ 200: 25, 429: 175 });
    const profile = await instances.api(0, 'GET', '/api/v2/users/me', { auth: `Bearer ${account.accessToken}` });
    expect((profile.json as { quota: unknown }).quota).toMatchObject({ requests_made: 1000, requests_remaining: 0 });
    const balance = await instances.api(0, 'GET', '/api/v2/credits/balance', { auth: `Bearer ${account.accessToken}` });
    expect((balance.json as { balance: number }).balance).toBe(1037 - 25);
  });
});

describe('sessions and tokens across instances', () => {
  it('an API token revoked on one instance is refused by the other at once', async () => {
    const account = await instances.signUp('revoke@example.com', newAddress());
    const { token, id } = await instances.apiToken(0, account);
    expect((await analyze(1, token)).status).toBe(200);
    const revoked = await instances.api(0, 'DELETE', `/api/v2/tokens/${id}`, { auth: `Bearer ${account.accessToken}` });
    expect(revoked.status).toBe(204);
    expect((await analyze(1, token)).status).toBe(401);
  });

  it('a refresh cookie rotated on one instance and replayed on the other ends the whole session', async () => {
    const account = await instances.signUp('replay@example.com', newAddress());
    const rotated = await instances.api(0, 'POST', '/api/auth/refresh', { cookie: account.cookie });
    expect(rotated.status).toBe(200);
    const next = rotated.headers
      .getSetCookie()
      .find((line) => line.startsWith('refreshToken='))!
      .split(';')[0];
    const replayed = await instances.api(1, 'POST', '/api/auth/refresh', { cookie: account.cookie });
    expect(replayed.status).toBe(401);
    expect((replayed.json as { message: string }).message).toMatch(/already used; the session has been ended/);
    // the family is revoked: the cookie that was current is refused too, on either instance
    expect((await instances.api(0, 'POST', '/api/auth/refresh', { cookie: next })).status).toBe(401);
  });

  it('two instances refreshing the same cookie at once: one rotation wins, the reuse ends the session', async () => {
    const account = await instances.signUp('race@example.com', newAddress());
    const answers = await allAtOnce(2, (n) =>
      instances.api(n, 'POST', '/api/auth/refresh', { cookie: account.cookie }),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
  });
});

describe('password attempts across instances', () => {
  it('an address gets its 5 attempts a minute in all, whichever instance it asks', async () => {
    const from = newAddress();
    const account = await instances.signUp('limits@example.com', newAddress());
    const attempt = (n: number) =>
      instances.api(n, 'POST', '/api/auth/login', { body: { email: account.email, password: PASSWORD }, from });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt(i % 2)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await attempt(0);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('sign-ins and registrations share the allowance across instances', async () => {
    const from = newAddress();
    const account = await instances.signUp('shared@example.com', newAddress());
    let registrations = 0;
    const login = (n: number) =>
      instances.api(n, 'POST', '/api/auth/login', { body: { email: account.email, password: PASSWORD }, from });
    const register = (n: number) =>
      instances.api(n, 'POST', '/api/auth/register', {
        body: { email: `new${++registrations}@example.com`, password: PASSWORD, username: `new${registrations}` },
        from,
      });
    const attempts = [() => login(0), () => register(1), () => login(1), () => register(0), () => login(0)];
    const statuses: number[] = [];
    for (const attempt of attempts) statuses.push((await attempt()).status);
    expect(statuses).toEqual([200, 201, 200, 201, 200]);
    expect((await register(1)).status).toBe(429);
    expect((await login(1)).status).toBe(429);
  });
});
