import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerOf, lastVerificationToken, PASSWORD, refreshCookieOf, type Answer } from '../reliability/live-server.js';
import { startServe, WM_BIN, type ServeProcess } from '../server/serve-process.js';

/**
 * Several `wm serve` processes (the built bin/wm.js) on one PostgreSQL database, with the same master key and each
 * its own data folder (outbox), as an operator runs them behind a proxy. They trust 127.0.0.1 as a proxy, so a test
 * gives each simulated client its own address in X-Forwarded-For.
 */
export interface Instances {
  databaseUrl: string;
  serves: ServeProcess[];
  env: NodeJS.ProcessEnv;
  /** a request to instance `n` */
  api(n: number, method: string, path: string, options?: RequestOptions): Promise<Answer>;
  /** `wm …` on the shared database */
  wm(...args: string[]): ReturnType<typeof spawnSync>;
  /** registers through instance 0 (verified through its outbox), logs in there; `from`: the client's address */
  signUp(email: string, from: string): Promise<Account>;
  /** an API token with encode and decode, created through instance `n` */
  apiToken(n: number, account: Account): Promise<{ token: string; id: string }>;
  /** restarts instance `n` (after a kill) */
  restart(n: number): Promise<void>;
  stop(): Promise<void>;
}

export interface RequestOptions {
  body?: unknown;
  auth?: string;
  cookie?: string;
  /** the client's address, as the proxy tells it */
  from?: string;
}

export interface Account {
  email: string;
  accessToken: string;
  /** "refreshToken=…" */
  cookie: string;
}

export async function startInstances(options: {
  count: number;
  databaseUrl: string;
  env?: Record<string, string>;
}): Promise<Instances> {
  const homes = Array.from({ length: options.count }, () => mkdtempSync(join(tmpdir(), 'wm-instance-')));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    WM_SCRYPT_LN: '10',
    WM_HOME: '',
    WM_SMTP_URL: '',
    WM_MASTER_KEY: randomBytes(32).toString('hex'),
    WM_DATABASE_URL: options.databaseUrl,
    WM_AUTH_RATE_LIMIT: '1000000',
    WM_TRUST_PROXY: '127.0.0.1',
    ...options.env,
  };
  const serves: ServeProcess[] = [];
  const stopAll = async () => {
    await Promise.all(serves.map((serve) => serve.stop()));
    for (const home of homes) rmSync(home, { recursive: true, force: true });
  };
  try {
    serves.push(...(await Promise.all(homes.map((home) => startServe(home, env)))));
  } catch (error) {
    await stopAll();
    throw error;
  }

  const api = async (n: number, method: string, path: string, request: RequestOptions = {}): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (request.auth) headers.authorization = request.auth;
    if (request.cookie) headers.cookie = request.cookie;
    if (request.from) headers['x-forwarded-for'] = request.from;
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    return answerOf(await fetch(`${serves[n].url}${path}`, { method, headers, body }));
  };

  const instances: Instances = {
    databaseUrl: options.databaseUrl,
    serves,
    env,
    api,
    wm: (...args) => spawnSync(process.execPath, [WM_BIN, ...args], { env, encoding: 'utf8' }),
    async signUp(email, from) {
      const registered = await api(0, 'POST', '/api/auth/register', {
        body: { email, password: PASSWORD, username: email.split('@')[0] },
        from,
      });
      if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${registered.text}`);
      const token = lastVerificationToken(homes[0], email);
      const verified = await api(0, 'POST', '/api/auth/verify-email', { body: { token } });
      if (verified.status !== 200) throw new Error(`verify failed: ${verified.text}`);
      const login = await api(0, 'POST', '/api/auth/login', { body: { email, password: PASSWORD }, from });
      if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
      const json = login.json as { accessToken: string };
      return { email, accessToken: json.accessToken, cookie: refreshCookieOf(login.headers)! };
    },
    async apiToken(n, account) {
      const created = await api(n, 'POST', '/api/v2/tokens', {
        auth: `Bearer ${account.accessToken}`,
        body: { name: 'instances', permissions: ['encode', 'decode'] },
      });
      if (created.status !== 201) throw new Error(`token creation failed: ${created.status} ${created.text}`);
      const json = created.json as { token: string; id: string };
      return { token: json.token, id: json.id };
    },
    async restart(n) {
      serves[n] = await startServe(homes[n], env);
    },
    stop: stopAll,
  };
  return instances;
}

/** Runs `work` for every index at once; resolves with the results in order. */
export const allAtOnce = <T>(count: number, work: (index: number) => Promise<T>): Promise<T[]> =>
  Promise.all(Array.from({ length: count }, (_, index) => work(index)));

/** How many of each status. */
export function tally(answers: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
