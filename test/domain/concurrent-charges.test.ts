import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DomainConfig } from '../../src/domain/index.js';
import { makeFixture, makeUser, type Fixture } from './fixture.js';

let f: Fixture;
afterEach(() => f.close());

/** The balance equals the sum of the history, and never went below zero. */
async function expectConsistent(userId: string, expectedSuccesses: number) {
  const balance = (await f.domain.credits.balance(userId)).balance;
  const usage = await f.domain.credits.usage(userId, { limit: 10_000 });
  expect(balance).toBe(usage.reduce((sum, u) => sum + u.credits, 0));
  expect(usage.filter((u) => u.credits < 0)).toHaveLength(expectedSuccesses);
  expect(Math.min(...usage.map((u) => u.balance_after))).toBeGreaterThanOrEqual(0);
  return balance;
}

const WORKERS = 4;
const ATTEMPTS_PER_WORKER = 100;

/**
 * Each worker process (running the build that test/global-setup.ts made) opens its own connection, reports ready,
 * and on "go" (sent to all at once, so they really overlap) charges as fast as it can. Refusals are counted by code;
 * anything else (e.g. a CHECK constraint failure from an overdraft attempt) makes the worker fail.
 */
async function race(token: string, config: Partial<DomainConfig>): Promise<Record<string, number>> {
  const worker = join(f.dir, 'worker.mjs');
  writeFileSync(
    worker,
    `
    const { openSqliteStore } = await import(
      ${JSON.stringify(new URL('../../dist/store/sqlite/index.js', import.meta.url))}
    );
    const { openPostgresStore } = await import(
      ${JSON.stringify(new URL('../../dist/store/postgres/index.js', import.meta.url))}
    );
    const { createDomain } = await import(
      ${JSON.stringify(new URL('../../dist/domain/index.js', import.meta.url).href)}
    );
    const [spec, key, token, config, now] = process.argv.slice(2);
    const database = JSON.parse(spec);
    const store = database.kind === 'sqlite'
      ? openSqliteStore(database.file)
      : await openPostgresStore(database.url, { migrations: 'refuse' });
    const domain = createDomain({
      store, masterKey: Buffer.from(key, 'hex'), config: JSON.parse(config), now: () => new Date(now),
    });
    process.once('message', async () => {
      const outcomes = {};
      for (let i = 0; i < ${ATTEMPTS_PER_WORKER}; i++) {
        let outcome = 'ok';
        try { await domain.watermark.analyze(token, { encoded: 'x' }); }
        catch (e) { if (e.code === 'PAYMENT_REQUIRED' || e.code === 'QUOTA_EXHAUSTED') outcome = e.code; else throw e; }
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      }
      process.send(outcomes, async () => { await store.close(); process.exit(0); });
    });
    process.send('ready');
    `,
  );
  // the workers charge in the fixture's quota period
  const args = [
    JSON.stringify(f.spec),
    Buffer.from(f.masterKey).toString('hex'),
    token,
    JSON.stringify(config),
    f.clock.now.toISOString(),
  ];
  const children = Array.from({ length: WORKERS }, () => fork(worker, args, { stdio: 'inherit' }));
  const results = children.map(
    (child) =>
      new Promise<Record<string, number>>((resolve, reject) => {
        let outcomes: Record<string, number> | undefined;
        child.on('message', (message) => {
          if (message !== 'ready') outcomes = message as Record<string, number>;
        });
        child.on('error', reject);
        child.on('exit', (code) =>
          code === 0 && outcomes ? resolve(outcomes) : reject(new Error(`worker exited ${code}`)),
        );
      }),
  );
  await Promise.all(children.map((child) => new Promise((ready) => child.once('message', ready))));
  for (const child of children) child.send('go');
  const total: Record<string, number> = {};
  for (const outcomes of await Promise.all(results)) {
    for (const [outcome, n] of Object.entries(outcomes)) total[outcome] = (total[outcome] ?? 0) + n;
  }
  return total;
}

describe('charging under concurrency', () => {
  it('charges through several connections to one database never overdraw', async () => {
    f = await makeFixture({ freeCredits: 7 });
    const user = await makeUser(f.domain, { verified: true });
    const { token } = await f.domain.apiTokens.create(user.id, { name: 't', permissions: ['encode', 'decode'] });
    const connections = [f.domain, (await f.reopen()).domain, (await f.reopen()).domain];
    // all thirty at once: each connection commits its share of them in one transaction of its own
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        connections[i % 3].watermark.analyze(token, { encoded: 'x' }).then(
          () => 'ok',
          (error: { code: string }) => error.code,
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(7);
    expect(outcomes.filter((o) => o !== 'ok').every((o) => o === 'PAYMENT_REQUIRED')).toBe(true);
    expect(await expectConsistent(user.id, 7)).toBe(0);
  });

  it('separate processes racing on a small balance never overdraw', async () => {
    const config = { freeCredits: 150, scryptLogN: 10 };
    f = await makeFixture(config);
    const user = await makeUser(f.domain, { verified: true });
    const { token } = await f.domain.apiTokens.create(user.id, { name: 't', permissions: ['decode'] });
    const outcomes = await race(token, config);
    expect(outcomes).toEqual({ ok: 150, PAYMENT_REQUIRED: WORKERS * ATTEMPTS_PER_WORKER - 150 });
    expect(await expectConsistent(user.id, 150)).toBe(0);
  });

  it('separate processes racing on a small quota never exceed it', async () => {
    const config = { freeCredits: 1000, scryptLogN: 10, monthlyRequestsByPlan: { free: 150, starter: 1, pro: 1 } };
    f = await makeFixture(config);
    const user = await makeUser(f.domain, { verified: true });
    const { token } = await f.domain.apiTokens.create(user.id, { name: 't', permissions: ['decode'] });
    const outcomes = await race(token, config);
    expect(outcomes).toEqual({ ok: 150, QUOTA_EXHAUSTED: WORKERS * ATTEMPTS_PER_WORKER - 150 });
    expect(await expectConsistent(user.id, 150)).toBe(850);
    expect(await f.domain.credits.quota(user.id)).toMatchObject({ requests_made: 150, requests_remaining: 0 });
  });
});
