import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/domain/config.js';
import type { DomainContext } from '../../src/domain/context.js';
import { deriveKeys } from '../../src/domain/keys.js';
import { chargeOperation } from '../../src/domain/ledger.js';
import { createGroupCommit } from '../../src/store/index.js';
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
});
