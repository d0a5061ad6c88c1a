import { afterEach, describe, expect, it } from 'vitest';
import { createCharges } from '../../src/domain/charges.js';
import { resolveConfig } from '../../src/domain/config.js';
import { parseRetention } from '../../src/domain/retention.js';
import { makeFixture, makeUser, type Fixture } from '../domain/fixture.js';

/**
 * Every `wm serve --usage-retention` prunes at start and then hourly, so instances on one PostgreSQL database prune
 * at the same moments while they charge: each domain here has its own store (its own pool) over one database.
 */

let f: Fixture;
afterEach(() => f.close());

const DAY = 24 * 3600;

describe('usage retention on several instances', () => {
  it('two instances pruning at once, while charging, delete each old entry once and neither fails', async () => {
    f = await makeFixture();
    const ada = await makeUser(f.domain);
    const at = f.clock.now.getTime();
    await f.store.transaction(async (tx) => {
      for (let i = 0; i < 2500; i++) {
        const entry = { operation: 'decode', credits: 0, balanceAfter: 100, tokenId: null, createdAt: at + i };
        await tx.ledger.append(ada.id, entry);
      }
    });
    f.clock.advance(10 * DAY);
    const other = await f.reopen();
    const charges = createCharges({ store: f.store, config: resolveConfig({}), now: () => f.clock.now });
    const charge = () =>
      charges.submit({ userId: ada.id, plan: 'free', operation: 'encode', tokenId: 't', charge: true });
    const retention = parseRetention('1d', 'x');
    const [results] = await Promise.all([
      Promise.all([f.domain, other.domain].map((domain) => domain.admin.pruneUsage(retention))),
      Promise.all(Array.from({ length: 10 }, charge)),
    ]);
    // the old history (and the signup grant) once, whichever instance deleted it
    expect(results[0].entriesDeleted + results[1].entriesDeleted).toBe(2501);
    const usage = await other.domain.credits.usage(ada.id);
    expect(usage.map((entry) => entry.balance_after)).toEqual(Array.from({ length: 10 }, (_, i) => 90 + i));
    expect(await other.domain.credits.prunedBefore(ada.id)).not.toBeNull();
  });
});
