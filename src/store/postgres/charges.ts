import type { AdmittedCharges, ChargeableAccount } from '../port/index.js';
import type { PgSession, Statement } from './database.js';

/*
 * The money path's writes as plain SQL prepared once per connection, each a single round trip. Charges run in
 * read-committed units of work (open-postgres-store.ts): the account row is locked first, so a charge of another
 * instance waits for this unit's COMMIT and then reads what it wrote. The counter is read by a statement of its own
 * after the lock is held: a statement sees what was committed when it started, and a join read in the locking
 * statement itself could be older than the lock it waited for.
 */

const LOCK_ACCOUNT: Statement = {
  name: 'charges_lock_account',
  text: 'SELECT balance FROM users WHERE id = $1 FOR UPDATE',
};

const REQUESTS_MADE: Statement = {
  name: 'charges_requests_made',
  text: 'SELECT requests_made AS made FROM usage_counters WHERE user_id = $1 AND period_start = $2',
};

/** The ledger entries in order, the debit and the counter increment, in one statement. */
const RECORD: Statement = {
  name: 'charges_record',
  text: `WITH ledger AS (
           INSERT INTO credit_ledger (user_id, operation, credits, balance_after, token_id, created_at)
           SELECT $1, e.operation, e.credits, e.balance_after, e.token_id, e.created_at
           FROM unnest($2::text[], $3::bigint[], $4::bigint[], $5::text[], $6::bigint[])
             WITH ORDINALITY AS e(operation, credits, balance_after, token_id, created_at, n)
           ORDER BY e.n
         ), debit AS (
           UPDATE users SET balance = balance - $7 WHERE id = $1
         )
         INSERT INTO usage_counters (user_id, period_start, requests_made) VALUES ($1, $8, $9)
         ON CONFLICT (user_id, period_start)
         DO UPDATE SET requests_made = usage_counters.requests_made + EXCLUDED.requests_made`,
};

/** Locks the tokens in the order of their ids, so two units of work marking the same tokens cannot deadlock. */
const MARK_USED: Statement = {
  name: 'charges_mark_tokens_used',
  text: `UPDATE api_tokens SET last_used_at = $2
         WHERE id IN (SELECT id FROM api_tokens WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE)`,
};

export function chargeStatements({ run }: PgSession) {
  return {
    chargeableAccount: async (userId: string, periodStart: number): Promise<ChargeableAccount | undefined> => {
      const [account] = await run<{ balance: number }>(LOCK_ACCOUNT, [userId]);
      if (!account) return undefined;
      const [counter] = await run<{ made: number }>(REQUESTS_MADE, [userId, periodStart]);
      return { balance: account.balance, requestsMade: counter?.made ?? 0 };
    },
    recordCharges: async (userId: string, admitted: AdmittedCharges): Promise<void> => {
      const { entries } = admitted;
      await run(RECORD, [
        userId,
        entries.map((entry) => entry.operation),
        entries.map((entry) => entry.credits),
        entries.map((entry) => entry.balanceAfter),
        entries.map((entry) => entry.tokenId),
        entries.map((entry) => entry.createdAt),
        admitted.debit,
        admitted.periodStart,
        admitted.requests,
      ]);
    },
    markTokensUsed: async (tokenIds: readonly string[], at: number): Promise<void> => {
      await run(MARK_USED, [[...tokenIds], at]);
    },
  };
}
