import type { AdmittedCharges, ChargeableAccount } from '../port/index.js';
import type { Db } from './database.js';
import { preparedOnce } from './prepared.js';

/**
 * The money path's writes as plain SQL prepared once: drizzle's per-call placeholder filling and row mapping are a
 * large share of a charge (docs/PERFORMANCE.md). The unit of work's BEGIN IMMEDIATE holds the
 * database's write lock, so what `chargeableAccount` read stays true until the commit.
 */
export function chargeStatements(db: Db) {
  const sqlite = db.$client;
  const account = preparedOnce(() =>
    sqlite.prepare<{ userId: string; periodStart: number }, { balance: number; made: number | null }>(
      `SELECT u.balance, c.requests_made AS made FROM users u
       LEFT JOIN usage_counters c ON c.user_id = u.id AND c.period_start = @periodStart
       WHERE u.id = @userId`,
    ),
  );
  const debit = preparedOnce(() =>
    sqlite.prepare<{ userId: string; credits: number }>(
      'UPDATE users SET balance = balance - @credits WHERE id = @userId',
    ),
  );
  const count = preparedOnce(() =>
    sqlite.prepare<{ userId: string; periodStart: number; n: number }>(
      `INSERT INTO usage_counters (user_id, period_start, requests_made) VALUES (@userId, @periodStart, @n)
       ON CONFLICT (user_id, period_start) DO UPDATE SET requests_made = requests_made + @n`,
    ),
  );
  const append = preparedOnce(() =>
    sqlite.prepare<{
      userId: string;
      operation: string;
      credits: number;
      balanceAfter: number;
      tokenId: string | null;
      createdAt: number;
    }>(
      `INSERT INTO credit_ledger (user_id, operation, credits, balance_after, token_id, created_at)
       VALUES (@userId, @operation, @credits, @balanceAfter, @tokenId, @createdAt)`,
    ),
  );
  const markUsed = preparedOnce(() =>
    sqlite.prepare<{ tokenId: string; at: number }>('UPDATE api_tokens SET last_used_at = @at WHERE id = @tokenId'),
  );
  return {
    chargeableAccount: (userId: string, periodStart: number): ChargeableAccount | undefined => {
      const found = account().get({ userId, periodStart });
      return found && { balance: found.balance, requestsMade: found.made ?? 0 };
    },
    recordCharges: (userId: string, admitted: AdmittedCharges): void => {
      for (const entry of admitted.entries) append().run({ userId, ...entry });
      if (admitted.debit !== 0) debit().run({ userId, credits: admitted.debit });
      if (admitted.requests !== 0) count().run({ userId, periodStart: admitted.periodStart, n: admitted.requests });
    },
    markTokensUsed: (tokenIds: readonly string[], at: number): void => {
      for (const tokenId of tokenIds) markUsed().run({ tokenId, at });
    },
  };
}
