import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCharges, type Charges } from '../../src/domain/charges.js';
import { resolveConfig, type DomainConfig } from '../../src/domain/config.js';
import { makeFixture, makeUser, refusal, type Fixture } from './fixture.js';

let f: Fixture;
let charges: Charges;
const chargesWith = (config: Partial<DomainConfig> = {}) =>
  createCharges({ store: f.store, config: resolveConfig(config), now: () => f.clock.now });
beforeEach(async () => {
  f = await makeFixture();
  charges = chargesWith();
});
afterEach(() => f.close());

const charge = (userId: string) => () =>
  charges.submit({ userId, plan: 'free', operation: 'analyze', tokenId: 't', charge: true });

describe('a charge', () => {
  it('takes the cost and records it with the balance after', async () => {
    const user = await makeUser(f.domain);
    expect(await charge(user.id)()).toBe(99);
    expect((await f.domain.credits.usage(user.id))[0]).toMatchObject({
      operation: 'analyze',
      credits: -1,
      balance_after: 99,
      token_id: 't',
    });
  });

  it('refuses an empty balance with PAYMENT_REQUIRED and records nothing', async () => {
    const user = await makeUser(f.domain);
    await f.sql('update users set balance = 0 where id = ?', user.id);
    expect(await refusal(charge(user.id))).toMatchObject({ code: 'PAYMENT_REQUIRED', balance: 0, cost: 1 });
    expect(await f.domain.credits.usage(user.id)).toHaveLength(1);
  });

  it('answers UNAUTHENTICATED, not PAYMENT_REQUIRED, when the account vanished meanwhile', async () => {
    expect((await refusal(charge('deleted-user'))).code).toBe('UNAUTHENTICATED');
  });

  it('of a use that is not charged only records the use', async () => {
    const user = await makeUser(f.domain);
    const use = { userId: user.id, plan: 'free', operation: 'decode', tokenId: 't', charge: false } as const;
    expect(await charges.submit(use)).toBeUndefined();
    expect((await f.domain.credits.balance(user.id)).balance).toBe(100);
  });

  describe('the charges of one turn, applied together', () => {
    const outcomesOf = (submitted: Promise<number | undefined>[]) =>
      Promise.allSettled(submitted).then((settled) =>
        settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as { code: string }).code)),
      );

    it('decides them in order as if each ran alone: the balance runs out mid-turn', async () => {
      const user = await makeUser(f.domain);
      await f.sql('update users set balance = 3 where id = ?', user.id);
      const outcomes = await outcomesOf(Array.from({ length: 5 }, () => charge(user.id)()));
      expect(outcomes).toEqual([2, 1, 0, 'PAYMENT_REQUIRED', 'PAYMENT_REQUIRED']);
      const charged = (await f.domain.credits.usage(user.id)).filter((u) => u.credits < 0);
      expect(charged.map((u) => u.balance_after).sort()).toEqual([0, 1, 2]);
      expect((await f.domain.credits.balance(user.id)).balance).toBe(0);
      expect((await f.domain.credits.quota(user.id)).requests_made).toBe(3);
    });

    it('stops at the quota mid-turn, and reports it before missing credits', async () => {
      charges = chargesWith({ monthlyRequestsByPlan: { free: 2, starter: 2, pro: 2 } });
      const user = await makeUser(f.domain);
      await f.sql('update users set balance = 2 where id = ?', user.id);
      const outcomes = await outcomesOf(Array.from({ length: 4 }, () => charge(user.id)()));
      expect(outcomes).toEqual([1, 0, 'QUOTA_EXHAUSTED', 'QUOTA_EXHAUSTED']);
      expect((await f.domain.credits.quota(user.id)).requests_made).toBe(2);
    });

    it('keeps accounts apart: a vanished account fails alone, the others are charged', async () => {
      const [a, b] = [await makeUser(f.domain), await makeUser(f.domain)];
      const outcomes = await outcomesOf([charge(a.id)(), charge('deleted-user')(), charge(b.id)(), charge(a.id)()]);
      expect(outcomes).toEqual([99, 'UNAUTHENTICATED', 99, 98]);
      expect((await f.domain.credits.balance(a.id)).balance).toBe(98);
      expect((await f.domain.credits.quota(b.id)).requests_made).toBe(1);
    });

    it('keeps accounts apart when the database refuses a write: that account fails, nothing of it stays', async () => {
      const [a, b] = [await makeUser(f.domain), await makeUser(f.domain)];
      // a database that refuses a's debit (as the CHECK on balances would an overdraft)
      if (f.database === 'sqlite') {
        await f.sql(`CREATE TRIGGER refuse_a BEFORE UPDATE OF balance ON users WHEN OLD.id = '${a.id}'
          BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`);
      } else {
        await f.sql(`CREATE FUNCTION refuse_a() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
        await f.sql(`CREATE TRIGGER refuse_a BEFORE UPDATE OF balance ON users FOR EACH ROW
          WHEN (OLD.id = '${a.id}') EXECUTE FUNCTION refuse_a()`);
      }
      const outcomes = await Promise.allSettled([charge(a.id)(), charge(b.id)()]);
      expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled']);
      expect((await f.domain.credits.usage(a.id)).filter((u) => u.credits < 0)).toHaveLength(0);
      expect((await f.domain.credits.quota(a.id)).requests_made).toBe(0);
      expect((await f.domain.credits.balance(b.id)).balance).toBe(99);
    });
  });
});
