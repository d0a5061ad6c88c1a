import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { pool, startLiveServer, PASSWORD, type LiveServer } from '../reliability/live-server.js';

// The two floods of the hostile review, at the production scrypt cost (N = 2^17, 128 MiB a hash) and the default
// limits, while legitimate users sign in from other loopback addresses (Linux routes all of 127/8 to lo).

let server: LiveServer | undefined;
afterAll(async () => server?.stop());

interface Reply {
  status: number;
  retryAfter: string | undefined;
  body: any;
  ms: number;
}

/** One request on a fresh connection from `localAddress`, so the server sees that client address. */
function requestFrom(localAddress: string, method: string, path: string, body: unknown, auth?: string): Promise<Reply> {
  const url = new URL(path, server!.url);
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const client = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        localAddress,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(auth ? { authorization: `Bearer ${auth}` } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: response.headers['retry-after'],
            body: text ? JSON.parse(text) : undefined,
            ms: performance.now() - started,
          });
        });
        response.on('error', reject);
      },
    );
    client.on('error', reject);
    client.end(payload);
  });
}

const login = (address: string, email: string, password = PASSWORD) =>
  requestFrom(address, 'POST', '/api/auth/login', { email, password });

/** A well-behaved client: on 429/503 it waits Retry-After and tries again (at most 5 times). */
async function patientLogin(address: string, email: string): Promise<{ status: number; ms: number; tries: number }> {
  const started = performance.now();
  for (let tries = 1; ; tries++) {
    const reply = await login(address, email);
    if ((reply.status !== 429 && reply.status !== 503) || tries === 5) {
      return { status: reply.status, ms: performance.now() - started, tries };
    }
    await new Promise((resolve) => setTimeout(resolve, Number(reply.retryAfter) * 1000));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every refusal is immediate-style: the spec's error shape with a Retry-After in whole seconds. */
function expectRefusalShape(reply: Reply): void {
  if (reply.status !== 429 && reply.status !== 503) return;
  expect(Number(reply.retryAfter)).toBeGreaterThanOrEqual(1);
  expect(reply.body).toEqual({ error: expect.any(String), message: expect.stringMatching(/retry in \d+ s/) });
}

it('under both floods a legitimate login from another address succeeds, and memory stays bounded', async () => {
  // WM_SCRYPT_LN empty: the production cost; WM_AUTH_RATE_LIMIT: the default allowance of 10 a minute
  server = await startLiveServer({ WM_SCRYPT_LN: '', WM_AUTH_RATE_LIMIT: '10' });
  const victim = await server.signUp('victim@example.com');
  const bystander = await server.signUp('bystander@example.com');
  const flooder = await server.signUp('flooder@example.com');

  const pid = server.serve.child.pid!;
  const samples: { phase: string; mib: number }[] = [];
  let phase = 'idle';
  const sampler = setInterval(() => {
    const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    samples.push({ phase, mib: Number(line![1]) / 1024 });
  }, 100);
  const rss = (name: string) => samples.filter((sample) => sample.phase === name).map((sample) => sample.mib);

  try {
    await sleep(1_000);

    // quiet: the usual addresses of the two legitimate users (they become known to their accounts)
    phase = 'quiet';
    const quiet: number[] = [];
    for (const [address, email] of [
      ['127.0.3.1', bystander.email],
      ['127.0.3.2', victim.email],
      ['127.0.3.1', bystander.email],
      ['127.0.3.2', victim.email],
    ] as const) {
      const reply = await login(address, email);
      expect(reply.status).toBe(200);
      quiet.push(reply.ms);
    }
    const quietFresh = await patientLogin('127.0.4.1', bystander.email);
    expect(quietFresh.status).toBe(200);

    // flood A: 80 password changes with a wrong current password, 40 at a time, from one session
    phase = 'flood A';
    const wrongCurrent = { currentPassword: 'Not the password 1', newPassword: 'Whatever new 123' };
    const floodA = pool(80, 40, () =>
      requestFrom('127.0.2.1', 'PUT', '/api/v2/users/password', wrongCurrent, flooder.accessToken),
    );
    await sleep(300);
    const [usualA, freshA] = await Promise.all([
      login('127.0.3.1', bystander.email),
      patientLogin('127.0.4.2', bystander.email),
    ]);
    const repliesA = await floodA;

    // flood B: 160 wrong logins over 16 addresses (10 each, within the per-address allowance), all at once; each
    // address alternates between the victim's account and unknown emails
    phase = 'flood B';
    const onVictim = (i: number) => Math.floor(i / 16) % 2 === 0;
    const floodB = Promise.all(
      Array.from({ length: 160 }, (_, i) =>
        login(`127.0.1.${1 + (i % 16)}`, onVictim(i) ? victim.email : `nobody-${i}@example.com`, 'Wrong password 1'),
      ),
    );
    await sleep(300);
    const [usualB, freshB] = await Promise.all([
      login('127.0.3.2', victim.email),
      patientLogin('127.0.4.3', bystander.email),
    ]);
    const repliesB = await floodB;

    phase = 'after';
    await sleep(3_000);
    clearInterval(sampler);

    const count = (replies: Reply[]) => {
      const byStatus: Record<number, number> = {};
      for (const reply of replies) byStatus[reply.status] = (byStatus[reply.status] ?? 0) + 1;
      return JSON.stringify(byStatus);
    };
    const peak = (name: string) => Math.max(...rss(name));
    const mib = (value: number) => `${value.toFixed(0)} MiB`;
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    const legit = (usual: Reply, fresh: { status: number; ms: number; tries: number }) =>
      `legit login at a usual address ${usual.status} in ${ms(usual.ms)}, ` +
      `from a new address ${fresh.status} in ${ms(fresh.ms)} (${fresh.tries} tries)`;
    console.log(
      [
        `password floods (scrypt N=2^17, defaults):`,
        `  quiet:   login ${ms(median(quiet))} (median of ${quiet.length}), from a new address ${ms(quietFresh.ms)}; ` +
          `RSS idle ${mib(median(rss('idle')))}, peak ${mib(peak('quiet'))}`,
        `  flood A: answers ${count(repliesA)}; ${legit(usualA, freshA)}; RSS peak ${mib(peak('flood A'))}`,
        `  flood B: answers ${count(repliesB)}; ${legit(usualB, freshB)}; RSS peak ${mib(peak('flood B'))}`,
        `  after:   RSS ${mib(median(rss('after')))}`,
      ].join('\n'),
    );

    for (const reply of [usualA, usualB]) expect(reply.status).toBe(200);
    for (const reply of [freshA, freshB]) expect(reply.status).toBe(200);
    for (const reply of [...repliesA, ...repliesB]) expectRefusalShape(reply);
    // flood A: only a wrong current password (400) or a refusal; the one address's allowance bounds the hashing
    expect(repliesA.every((reply) => [400, 429, 503].includes(reply.status))).toBe(true);
    expect(repliesA.filter((reply) => reply.status === 400).length).toBeLessThanOrEqual(10);
    // flood B: the victim's account took its 5 free failures at most
    expect(repliesB.every((reply) => [401, 429, 503].includes(reply.status))).toBe(true);
    expect(repliesB.filter((reply, i) => onVictim(i) && reply.status === 401).length).toBeLessThanOrEqual(5);
    // memory follows the hashes running at once (2 × 128 MiB), not the number of requests
    const quietPeak = peak('quiet');
    expect(peak('flood A')).toBeLessThan(quietPeak + 192);
    expect(peak('flood B')).toBeLessThan(quietPeak + 192);
    expect(median(rss('after'))).toBeLessThan(median(rss('idle')) + 96);
    expect((await server.api('GET', '/healthz')).status).toBe(200);
  } finally {
    clearInterval(sampler);
  }
});
