import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCharges, type Charges } from '../../src/domain/charges.js';
import { resolveConfig } from '../../src/domain/config.js';
import { parseRetention, retentionCutoff } from '../../src/domain/retention.js';
import { makeFixture, makeUser, refusal, type Fixture } from './fixture.js';

let f: Fixture;
let charges: Charges;
beforeEach(async () => {
  f = await makeFixture();
  charges = createCharges({ store: f.store, config: resolveConfig({}), now: () => f.clock.now });
});
afterEach(() => f.close());

const DAY = 24 * 3600;
const charge = (userId: string) =>
  charges.submit({ userId, plan: 'free', operation: 'encode', tokenId: 't', charge: true });

describe('a retention duration', () => {
  it('is days, weeks, calendar months or calendar years', () => {
    const now = new Date('2025-03-31T12:00:00Z');
    const cutoff = (text: string) => new Date(retentionCutoff(now, parseRetention(text, '--x'))).toISOString();
    expect(cutoff('90d')).toBe('2024-12-31T12:00:00.000Z');
    expect(cutoff('2w')).toBe('2025-03-17T12:00:00.000Z');
    expect(cutoff('12mo')).toBe('2024-03-31T12:00:00.000Z');
    expect(cutoff('1y')).toBe('2024-03-31T12:00:00.000Z');
    expect(parseRetention(' 13mo ', '--x').text).toBe('13mo');
  });

  it('refuses anything else, naming the setting', async () => {
    for (const text of ['', '0d', '90', '3 months', '1h', '-1d', '1.5y', '9999999d']) {
      const error = await refusal(() => parseRetention(text, '--usage-older-than'));
      expect(error.code).toBe('VALIDATION');
      expect(error.message).toContain('--usage-older-than must be a duration such as 90d');
    }
  });
});

describe('pruning the usage history', () => {
  it('deletes the old records only, and leaves balances and quotas as they were', async () => {
    const ada = await makeUser(f.domain);
    await charge(ada.id);
    // into May: the cutoff 30 days back falls in April, so March's counter goes and May's stays
    f.clock.advance(70 * DAY);
    await charge(ada.id);
    await charge(ada.id);
    const balance = await f.domain.credits.balance(ada.id);
    const quota = await f.domain.credits.quota(ada.id);
    expect(await f.domain.credits.prunedBefore(ada.id)).toBeNull();

    const result = await f.domain.admin.pruneUsage(parseRetention('30d', 'x'));
    // the signup grant and the first charge were older than 30 days; so was March's counter
    expect(result).toMatchObject({ entriesDeleted: 2, countersDeleted: 1 });
    const usage = await f.domain.credits.usage(ada.id);
    expect(usage.map((u) => u.balance_after)).toEqual([97, 98]);
    expect(await f.domain.credits.balance(ada.id)).toEqual(balance);
    expect(await f.domain.credits.quota(ada.id)).toEqual(quota);
    expect(await f.domain.credits.prunedBefore(ada.id)).toBe(new Date(result.cutoff).toISOString());
  });

  it('says nothing was cut for an account created after the cutoff, and never moves the cutoff back', async () => {
    const old = await makeUser(f.domain);
    f.clock.advance(40 * DAY);
    const young = await makeUser(f.domain);
    const first = await f.domain.admin.pruneUsage(parseRetention('30d', 'x'));
    expect(first.entriesDeleted).toBe(1);
    expect(await f.domain.credits.prunedBefore(young.id)).toBeNull();
    expect(await f.domain.credits.prunedBefore(old.id)).not.toBeNull();
    // a longer retention later deletes nothing more and keeps the recorded cutoff
    expect((await f.domain.admin.pruneUsage(parseRetention('1y', 'x'))).entriesDeleted).toBe(0);
    expect(await f.store.ledger.completeSince()).toBe(first.cutoff);
  });

  it('works through a long history in batches, a turn of the event loop apart', async () => {
    const ada = await makeUser(f.domain);
    const at = f.clock.now.getTime();
    await f.store.transaction(async (tx) => {
      for (let i = 0; i < 2500; i++) {
        await tx.ledger.append(ada.id, {
          operation: 'decode',
          credits: 0,
          balanceAfter: 100,
          tokenId: null,
          createdAt: at + i,
        });
      }
    });
    f.clock.advance(10 * DAY);
    await charge(ada.id);
    let turns = 0;
    const ticking = setInterval(() => turns++, 0);
    const result = await f.domain.admin.pruneUsage(parseRetention('1d', 'x'));
    clearInterval(ticking);
    expect(result.entriesDeleted).toBe(2501);
    expect(await f.domain.credits.usage(ada.id)).toHaveLength(1);
    expect(turns).toBeGreaterThan(0);
  });

  it('stops between batches when told to', async () => {
    const ada = await makeUser(f.domain);
    f.clock.advance(10 * DAY);
    const stop = new AbortController();
    stop.abort();
    const result = await f.domain.admin.pruneUsage(parseRetention('1d', 'x'), stop.signal);
    expect(result.entriesDeleted).toBe(0);
    expect(await f.domain.credits.usage(ada.id)).toHaveLength(1);
  });
});

describe('the adapter', () => {
  it('deletes the oldest entries by id and stops at one out of time order, which a later call removes', async () => {
    const ada = await makeUser(f.domain);
    const entry = (createdAt: number) => ({
      operation: 'grant',
      credits: 1,
      balanceAfter: 1,
      tokenId: null,
      createdAt,
    });
    // ids 2..5 (1 is the signup grant at the fixture's clock): times 10, 20, 5000 (a clock ahead), 30
    for (const time of [10, 20, 5000, 30]) await f.store.ledger.append(ada.id, entry(time));
    await f.sql('update credit_ledger set created_at = 1 where id = 1');
    expect(await f.store.ledger.deleteOlderThan(100, 10)).toBe(4);
    const left = () => f.sql<{ t: number }>('select created_at as t from credit_ledger order by id');
    expect(await left()).toEqual([{ t: 5000 }]);
    expect(await f.store.ledger.deleteOlderThan(100, 10)).toBe(0);
    expect(await f.store.ledger.deleteOlderThan(6000, 10)).toBe(1);
    expect(await left()).toEqual([]);
  });

  it('deletes at most `limit` entries a call', async () => {
    const ada = await makeUser(f.domain);
    for (let i = 0; i < 5; i++) {
      await f.store.ledger.append(ada.id, {
        operation: 'grant',
        credits: 1,
        balanceAfter: 1,
        tokenId: null,
        createdAt: 1,
      });
    }
    expect(await f.store.ledger.deleteOlderThan(f.clock.now.getTime() + 1, 4)).toBe(4);
    expect(await f.store.ledger.deleteOlderThan(f.clock.now.getTime() + 1, 4)).toBe(2);
  });
});
