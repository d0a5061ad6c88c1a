import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/index.js';
import { makeFixture, makeUser, type Fixture } from './fixture.js';

let f: Fixture;
beforeEach(() => {
  f = makeFixture({ freeCredits: 7 });
});
afterEach(() => f.close());

/** The balance equals the sum of the history, and never went below zero. */
function expectConsistent(userId: string, expectedSuccesses: number) {
  const balance = f.domain.credits.balance(userId).balance;
  const usage = f.domain.credits.usage(userId, { limit: 1000 });
  expect(balance).toBe(usage.reduce((sum, u) => sum + u.credits, 0));
  expect(usage.filter((u) => u.credits < 0)).toHaveLength(expectedSuccesses);
  expect(Math.min(...usage.map((u) => u.balance_after))).toBeGreaterThanOrEqual(0);
  return balance;
}

describe('charging under concurrency', () => {
  it('many concurrent calls through several connections never overdraw', async () => {
    const user = await makeUser(f.domain, { verified: true });
    const { token } = f.domain.apiTokens.create(user.id, { name: 't', permissions: ['encode', 'decode'] });
    const connections = [f.domain, f.reopen().domain, f.reopen().domain];
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        Promise.resolve().then(() => {
          try {
            connections[i % 3].watermark.analyze(token, { encoded: 'x' });
            return 'ok';
          } catch (error) {
            return (error as DomainError).code;
          }
        }),
      ),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(7);
    expect(outcomes.filter((o) => o !== 'ok').every((o) => o === 'PAYMENT_REQUIRED')).toBe(true);
    expect(expectConsistent(user.id, 7)).toBe(0);
  });

  it('separate processes racing on one database never overdraw', async () => {
    const user = await makeUser(f.domain, { verified: true });
    const { token } = f.domain.apiTokens.create(user.id, { name: 't', permissions: ['decode'] });
    const worker = join(f.dir, 'worker.mjs');
    // each process (running the build that test/global-setup.ts made) opens its own connection and charges
    // as fast as it can
    writeFileSync(
      worker,
      `
      const { openStore } = await import(${JSON.stringify(new URL('../../dist/store/index.js', import.meta.url).href)});
      const { createDomain } = await import(${JSON.stringify(new URL('../../dist/domain/index.js', import.meta.url).href)});
      const [file, key, token] = process.argv.slice(2);
      const domain = createDomain({ store: openStore(file), masterKey: Buffer.from(key, 'hex'), config: { scryptLogN: 10 } });
      let ok = 0, refused = 0;
      for (let i = 0; i < 20; i++) {
        try { domain.watermark.analyze(token, { encoded: 'x' }); ok++; }
        catch (e) { if (e.code === 'PAYMENT_REQUIRED') refused++; else throw e; }
      }
      process.send({ ok, refused });
      `,
    );
    const run = () =>
      new Promise<{ ok: number; refused: number }>((resolve, reject) => {
        const child = fork(worker, [join(f.dir, 'wm.db'), Buffer.from(f.masterKey).toString('hex'), token], {
          stdio: 'inherit',
        });
        let result: { ok: number; refused: number } | undefined;
        child.on('message', (m) => (result = m as { ok: number; refused: number }));
        child.on('error', reject);
        child.on('exit', (code) => (code === 0 && result ? resolve(result) : reject(new Error(`worker exited ${code}`))));
      });
    const results = await Promise.all([run(), run(), run()]);
    expect(results.reduce((sum, r) => sum + r.ok, 0)).toBe(7);
    expect(expectConsistent(user.id, 7)).toBe(0);
  });
});
