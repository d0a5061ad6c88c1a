import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runWm, startServe, type ServeProcess } from '../server/serve-process.js';

export const PASSWORD = 'Correct horse 42';
export const CARRIER = 'Every word of this sentence can carry a little of the hidden message for us.';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** the body parsed as JSON, or undefined when it is not JSON */
  json: any;
}

export interface RequestOptions {
  body?: unknown;
  /** sent as is (bytes or text), instead of JSON.stringify(body) */
  raw?: string | Uint8Array;
  auth?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

export interface Account {
  email: string;
  id: string;
  accessToken: string;
  /** "refreshToken=…" */
  cookie: string;
}

export interface LiveServer {
  home: string;
  url: string;
  serve: ServeProcess;
  env: NodeJS.ProcessEnv;
  /** every answer so far, in order (for scanning responses for secrets) */
  answers: Answer[];
  api(method: string, path: string, options?: RequestOptions): Promise<Answer>;
  /** runs `wm …` on the same data folder */
  wm(...args: string[]): ReturnType<typeof runWm>;
  signUp(email: string, options?: { plan?: 'free' | 'starter' | 'pro' }): Promise<Account>;
  login(email: string): Promise<Account & { answer: Answer }>;
  /** creates an API token through HTTP; returns its secret and id */
  apiToken(account: Account, body?: Record<string, unknown>): Promise<{ token: string; id: string }>;
  /** restarts `wm serve` on the same data folder (after stop() or a kill) */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** A response read whole: its status, headers, text and, when the text is JSON, its value. */
export async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** "refreshToken=…" from the Set-Cookie headers. */
export function refreshCookieOf(headers: Headers): string | undefined {
  return headers
    .getSetCookie()
    .find((line) => line.startsWith('refreshToken='))
    ?.split(';')[0];
}

/**
 * A spawned `wm serve` (the built bin/wm.js) on a fresh data folder with the low test scrypt cost and a rate limit
 * that the battery does not hit, unless `env` says otherwise.
 */
export async function startLiveServer(env: Record<string, string> = {}): Promise<LiveServer> {
  const home = mkdtempSync(join(tmpdir(), 'wm-reliability-'));
  const fullEnv: NodeJS.ProcessEnv = {
    ...process.env,
    WM_SCRYPT_LN: '10',
    WM_HOME: '',
    WM_SMTP_URL: '',
    WM_MASTER_KEY: '',
    WM_AUTH_RATE_LIMIT: '1000000',
    ...env,
  };
  let serve: ServeProcess;
  try {
    serve = await startServe(home, fullEnv);
  } catch (error) {
    rmSync(home, { recursive: true, force: true });
    throw error;
  }
  const answers: Answer[] = [];

  const api = async (method: string, path: string, options: RequestOptions = {}): Promise<Answer> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    if (options.auth) headers.authorization = options.auth;
    if (options.cookie) headers.cookie = options.cookie;
    const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const answer = await answerOf(await fetchOnce(`${serve.url}${path}`, { method, headers, body }));
    answers.push(answer);
    return answer;
  };

  const login = async (email: string) => {
    const answer = await api('POST', '/api/auth/login', { body: { email, password: PASSWORD } });
    if (answer.status !== 200) throw new Error(`login failed: ${answer.status} ${answer.text}`);
    return {
      email,
      id: answer.json.user.id,
      accessToken: answer.json.accessToken,
      cookie: refreshCookieOf(answer.headers)!,
      answer,
    };
  };

  const server: LiveServer = {
    home,
    get url() {
      return serve.url;
    },
    get serve() {
      return serve;
    },
    env: fullEnv,
    answers,
    api,
    wm: (...args) => runWm(home, fullEnv, ...args),
    async signUp(email, options = {}) {
      const registered = await api('POST', '/api/auth/register', {
        body: { email, password: PASSWORD, username: email.split('@')[0] },
      });
      if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${registered.text}`);
      const token = lastVerificationToken(home, email);
      const verified = await api('POST', '/api/auth/verify-email', { body: { token } });
      if (verified.status !== 200) throw new Error(`verify failed: ${verified.text}`);
      if (options.plan) {
        const set = server.wm('users', 'set-plan', email, options.plan);
        if (set.status !== 0) throw new Error(`set-plan failed: ${set.stderr}`);
      }
      const { answer: _answer, ...account } = await login(email);
      return account;
    },
    login,
    async apiToken(account, body = {}) {
      const created = await api('POST', '/api/v2/tokens', {
        auth: `Bearer ${account.accessToken}`,
        body: { name: 'battery', permissions: ['encode', 'decode'], ...body },
      });
      if (created.status !== 201) throw new Error(`token creation failed: ${created.status} ${created.text}`);
      return { token: created.json.token, id: created.json.id };
    },
    async restart() {
      serve = await startServe(home, fullEnv);
    },
    async stop() {
      await serve.stop();
      rmSync(home, { recursive: true, force: true });
    },
  };
  return server;
}

/** The verification token of the newest mail to `email` in the outbox. */
export function lastVerificationToken(home: string, email: string): string {
  const mails = readFileSync(join(home, 'outbox.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { to: string; text: string })
    .filter((mail) => mail.to === email);
  const match = /verify-email\?token=([^\s]+)/.exec(mails.at(-1)?.text ?? '');
  if (!match) throw new Error(`no verification mail to ${email}`);
  return decodeURIComponent(match[1]);
}

/** Runs `work` over `count` items with at most `concurrency` in flight. */
export async function pool<T>(count: number, concurrency: number, work: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await work(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

/**
 * fetch, sent again once if the kept-alive connection it took was closed by the server before the request was read
 * (its idle timeout and the client's reuse crossing, seen under heavy load): the request never reached the server.
 */
async function fetchOnce(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if ((error as { cause?: { code?: unknown } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}
