import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { hashPassword } from '../src/domain/password-hash.js';
import { encode } from 'wm-watermark-codec';
import { carrierOf } from './carriers.js';
import { QUICK, median, medianRatio, round } from './measure.js';
import { OUT, ROOT, WM, createAccount, scratchDir, type BenchAccount } from './processes.js';

const DURATION_S = QUICK ? 2 : 10;
const CONNECTIONS = 50;
const ROUNDS = QUICK ? 1 : 3;
/** Unmeasured load on each target and server before the rounds, so the first round does not time the JIT warming up. */
const WARM_UP_S = QUICK ? 1 : 3;
/**
 * Accounts whose tokens one watermark load cycles through: a pro account allows 100,000 operations a month, fewer
 * than 10 s at full speed.
 */
const ACCOUNTS_PER_LOAD = 3;
/** the cost `wm serve` hashes passwords with (DEFAULT_DOMAIN_CONFIG.scryptLogN) */
const SCRYPT_LOG_N = 17;

interface Running {
  url: string;
  child: ChildProcess;
}

/** Starts `node args…`, drains its output (pino logs every request), resolves with the URL it prints. */
export function startServer(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Running> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const url = /listening on (http:\/\/\S+)/.exec(line)?.[1];
      if (url) resolve({ url, child });
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code} before listening`)));
  });
}

export function stop(server: Running): Promise<void> {
  return new Promise((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

export interface Load {
  method: 'GET' | 'POST';
  path: string;
  /** the headers of each request in turn: every connection cycles through them */
  headers: Record<string, string>[];
  body?: string;
}

/** autocannon's own default (10 s) */
const REQUEST_TIMEOUT_S = 10;
/**
 * Logins at production cost: 8 clients share 2 hashing slots (the rest wait in the hash gate's line), and on a
 * loaded machine one scrypt hash can take seconds, so a login may wait well beyond autocannon's default.
 */
const LOGIN_TIMEOUT_S = 120;

export async function load(
  base: string,
  target: Load,
  connections = CONNECTIONS,
  duration = DURATION_S,
  timeout = REQUEST_TIMEOUT_S,
) {
  const result = await autocannon({
    url: base,
    requests: target.headers.map((headers) => ({
      method: target.method,
      path: target.path,
      headers: { 'content-type': 'application/json', ...headers },
      ...(target.body !== undefined ? { body: target.body } : {}),
    })),
    connections,
    duration,
    timeout,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${target.path}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  return { requestsPerSecond: result.requests.total / duration, p99Ms: result.latency.p99 };
}

async function responseBytes(base: string, target: Load): Promise<number> {
  const response = await fetch(base + target.path, {
    method: target.method,
    headers: { 'content-type': 'application/json', ...target.headers[0] },
    ...(target.body !== undefined ? { body: target.body } : {}),
  });
  if (!response.ok) throw new Error(`${target.path} answered ${response.status}: ${await response.text()}`);
  return (await response.arrayBuffer()).byteLength;
}

async function login(base: string, account: BenchAccount): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

export interface ServerRow {
  endpoint: string;
  requestsPerSecond: number;
  p99Ms: number;
  bareRequestsPerSecond: number;
  bareP99Ms: number;
  /** median of per-round endpoint req/s ÷ bare route req/s */
  vsBare: number;
}

export interface LoginRow {
  scryptLogN: number;
  medianLatencyMs: number;
  /** one scrypt hash at the same cost, in this process, in the same run */
  scryptHashMs: number;
  latencyVsHash: number;
  loginsPerSecond: number;
}

export async function measureServer(log: (line: string) => void): Promise<{ endpoints: ServerRow[]; login: LoginRow }> {
  const home = join(scratchDir(), 'home');
  const accounts = Array.from({ length: 2 * ROUNDS * ACCOUNTS_PER_LOAD + 1 }, (_, i) =>
    createAccount(home, `load${i}`),
  );
  /** the token headers of watermark load N (one per endpoint and round) */
  const tokensOfLoad = (n: number) =>
    accounts
      .slice(n * ACCOUNTS_PER_LOAD, (n + 1) * ACCOUNTS_PER_LOAD)
      .map((account) => ({ authorization: `Token ${account.token}` }));
  const wmServer = await startServer([WM, 'serve', '--home', home, '--port', '0'], { WM_AUTH_RATE_LIMIT: '1000000' });
  const bare = await startServer([join(OUT, 'bare-server.mjs')]);
  try {
    const carrier = carrierOf('prose', 1000);
    const marked = encode(carrier, 'bench secret').encoded;
    const accessToken = await login(wmServer.url, accounts[accounts.length - 1]);
    const targets = (round: number): Record<string, Load> => ({
      'POST /api/watermark/encode (1 KB)': {
        method: 'POST',
        path: '/api/watermark/encode',
        headers: tokensOfLoad(2 * round),
        body: JSON.stringify({ text: carrier, secret: 'bench secret' }),
      },
      'POST /api/watermark/decode (1 KB)': {
        method: 'POST',
        path: '/api/watermark/decode',
        headers: tokensOfLoad(2 * round + 1),
        body: JSON.stringify({ text: marked }),
      },
      'GET /api/v2/users/me': {
        method: 'GET',
        path: '/api/v2/users/me',
        headers: [{ authorization: `Bearer ${accessToken}` }],
      },
    });
    const bareOf = async (target: Load): Promise<Load> => ({
      ...target,
      path: `/bare?bytes=${await responseBytes(wmServer.url, target)}`,
    });
    log(`server: warming both servers up, ${WARM_UP_S} s per endpoint…`);
    for (const target of Object.values(targets(0))) {
      await load(wmServer.url, target, CONNECTIONS, WARM_UP_S);
      await load(bare.url, await bareOf(target), CONNECTIONS, WARM_UP_S);
    }
    const figures: Record<
      string,
      { ours: { requestsPerSecond: number; p99Ms: number }[]; bare: { requestsPerSecond: number; p99Ms: number }[] }
    > = {};
    for (let r = 0; r < ROUNDS; r++) {
      for (const [name, target] of Object.entries(targets(r))) {
        log(`server: ${name}, round ${r + 1}/${ROUNDS} (${DURATION_S} s + ${DURATION_S} s bare)…`);
        const bareTarget = await bareOf(target);
        figures[name] ??= { ours: [], bare: [] };
        figures[name].ours.push(await load(wmServer.url, target));
        figures[name].bare.push(await load(bare.url, bareTarget));
      }
    }
    const endpoints = Object.entries(figures).map(([endpoint, { ours, bare: reference }]) => ({
      endpoint,
      requestsPerSecond: round(median(ours.map((f) => f.requestsPerSecond)), 3),
      p99Ms: median(ours.map((f) => f.p99Ms)),
      bareRequestsPerSecond: round(median(reference.map((f) => f.requestsPerSecond)), 3),
      bareP99Ms: median(reference.map((f) => f.p99Ms)),
      vsBare: round(
        medianRatio(
          ours.map((f) => f.requestsPerSecond),
          reference.map((f) => f.requestsPerSecond),
        ),
      ),
    }));
    log('server: login…');
    return { endpoints, login: await measureLogin(wmServer.url, accounts[accounts.length - 1]) };
  } finally {
    await Promise.all([stop(wmServer), stop(bare)]);
  }
}

async function measureLogin(base: string, account: BenchAccount): Promise<LoginRow> {
  const runs = QUICK ? 3 : 9;
  const latency: number[] = [];
  const hash: number[] = [];
  for (let i = 0; i < runs; i++) {
    let start = performance.now();
    await login(base, account);
    latency.push(performance.now() - start);
    start = performance.now();
    await hashPassword(account.password, SCRYPT_LOG_N);
    hash.push(performance.now() - start);
  }
  const throughput = await load(
    base,
    {
      method: 'POST',
      path: '/api/auth/login',
      headers: [{}],
      body: JSON.stringify({ email: account.email, password: account.password }),
    },
    8,
    QUICK ? 3 : 10,
    LOGIN_TIMEOUT_S,
  );
  return {
    scryptLogN: SCRYPT_LOG_N,
    medianLatencyMs: round(median(latency), 3),
    scryptHashMs: round(median(hash), 3),
    latencyVsHash: round(medianRatio(latency, hash)),
    loginsPerSecond: round(throughput.requestsPerSecond, 3),
  };
}
