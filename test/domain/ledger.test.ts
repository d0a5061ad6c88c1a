import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/domain/config.js';
import type { DomainContext } from '../../src/domain/context.js';
import { deriveKeys } from '../../src/domain/keys.js';
import { chargeOperation } from '../../src/domain/ledger.js';
import { createHashGate } from '../../src/domain/hash-gate.js';
import { createGroupCommit, createMemoryLimiterState } from '../../src/store/index.js';
import { makeFixture, makeUser, refusal, type Fixture } from './fixture.js';

let f: Fixture;
let context: DomainContext;
beforeEach(() => {
  f = makeFixture();
  context = {
    db: f.store.db,
    config: resolveConfig(),
    keys: deriveKeys(f.masterKey),
    now: () => f.clock.now,
    commitTogether: createGroupCommit(f.store.sqlite),
    limiterState: createMemoryLimiterState({ maxRecords: 100, now: () => f.clock.now.getTime() }),
    hashGate: createHashGate({ concurrency: 1, queueLength: 0 }),
  };
});
afterEach(() => f.close());

const charge = (userId: string) => () => chargeOperation(context, { userId, plan: 'free', operation: 'analyze', tokenId: 't' });

describe('chargeOperation', () => {
  it('takes the cost and records it with the balance after', async () => {
    const user = await makeUser(f.domain);
    expect(await charge(user.id)()).toBe(99);
    expect(f.domain.credits.usage(user.id)[0]).toMatchObject({ operation: 'analyze', credits: -1, balance_after: 99, token_id: 't' });
  });

  it('refuses an empty balance with PAYMENT_REQUIRED and records nothing', async () => {
    const user = await makeUser(f.domain);
    f.store.sqlite.prepare('update users set balance = 0 where id = ?').run(user.id);
    expect(await refusal(charge(user.id))).toMatchObject({ code: 'PAYMENT_REQUIRED', balance: 0, cost: 1 });
    expect(f.domain.credits.usage(user.id)).toHaveLength(1);
  });

  it('answers UNAUTHENTICATED, not PAYMENT_REQUIRED, when the account vanished meanwhile', async () => {
    expect((await refusal(charge('deleted-user'))).code).toBe('UNAUTHENTICATED');
  });

  describe('the charges of one turn, applied together', () => {
    const outcomesOf = (charges: Promise<number>[]) =>
      Promise.allSettled(charges).then((settled) =>
        settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as { code: string }).code)),
      );

    it('decides them in order as if each ran alone: the balance runs out mid-turn', async () => {
      const user = await makeUser(f.domain);
      f.store.sqlite.prepare('update users set balance = 3 where id = ?').run(user.id);
      expect(await outcomesOf(Array.from({ length: 5 }, () => charge(user.id)()))).toEqual([2, 1, 0, 'PAYMENT_REQUIRED', 'PAYMENT_REQUIRED']);
      const charges = f.domain.credits.usage(user.id).filter((u) => u.credits < 0);
      expect(charges.map((u) => u.balance_after).sort()).toEqual([0, 1, 2]);
      expect(f.domain.credits.balance(user.id).balance).toBe(0);
      expect(f.domain.credits.quota(user.id).requests_made).toBe(3);
    });

    it('stops at the quota mid-turn, and reports it before missing credits', async () => {
      context.config = resolveConfig({ monthlyRequestsByPlan: { free: 2, starter: 2, pro: 2 } });
      const user = await makeUser(f.domain);
      f.store.sqlite.prepare('update users set balance = 2 where id = ?').run(user.id);
      expect(await outcomesOf(Array.from({ length: 4 }, () => charge(user.id)()))).toEqual([1, 0, 'QUOTA_EXHAUSTED', 'QUOTA_EXHAUSTED']);
      expect(f.domain.credits.quota(user.id).requests_made).toBe(2);
    });

    it('keeps accounts apart: a vanished account fails alone, the others are charged', async () => {
      const [a, b] = [await makeUser(f.domain), await makeUser(f.domain)];
      const outcomes = await outcomesOf([charge(a.id)(), charge('deleted-user')(), charge(b.id)(), charge(a.id)()]);
      expect(outcomes).toEqual([99, 'UNAUTHENTICATED', 99, 98]);
      expect(f.domain.credits.balance(a.id).balance).toBe(98);
      expect(f.domain.credits.quota(b.id).requests_made).toBe(1);
    });
  });
});
