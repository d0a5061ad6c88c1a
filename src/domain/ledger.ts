import { and, eq, sql } from 'drizzle-orm';
import { creditLedger, preparedPerDatabase, usageCounters, users, type Queryable } from '../store/index.js';
import type { DomainContext } from './context.js';
import { DomainError } from './errors.js';
import type { Plan, Quota, WatermarkOperation } from './types.js';
import { accountGone } from './users.js';

/** The quota period: the calendar month in UTC. */
export function quotaPeriod(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

const counterOfPeriod = preparedPerDatabase((db) =>
  db
    .select({ n: usageCounters.requestsMade })
    .from(usageCounters)
    .where(and(eq(usageCounters.userId, sql.placeholder('userId')), eq(usageCounters.periodStart, sql.placeholder('periodStart'))))
    .prepare(),
);

function requestsMade(context: DomainContext, userId: string, periodStart: Date): number {
  return counterOfPeriod(context.db).get({ userId, periodStart: periodStart.getTime() })?.n ?? 0;
}

const incrementCounter = preparedPerDatabase((db) =>
  db.$client.prepare<{ userId: string; periodStart: number }, { n: number }>(
    `INSERT INTO usage_counters (user_id, period_start, requests_made) VALUES (@userId, @periodStart, 1)
     ON CONFLICT (user_id, period_start) DO UPDATE SET requests_made = requests_made + 1
     RETURNING requests_made AS n`,
  ),
);

/** Counts one more operation in the period; returns the count before it. */
function countRequest(context: DomainContext, userId: string, periodStart: Date): number {
  return incrementCounter(context.db).get({ userId, periodStart: periodStart.getTime() })!.n - 1;
}

function quotaFor(context: DomainContext, plan: Plan, made: number, periodEnd: Date): Quota {
  const limit = context.config.monthlyRequestsByPlan[plan];
  return {
    requests_made: made,
    requests_limit: limit,
    requests_remaining: Math.max(0, limit - made),
    resets_at: periodEnd.toISOString(),
  };
}

export function quotaOf(context: DomainContext, userId: string, plan: Plan): Quota {
  const { start, end } = quotaPeriod(context.now());
  return quotaFor(context, plan, requestsMade(context, userId, start), end);
}

/** Refuses an operation when the plan's monthly quota is used up (`made` operations so far in the period). */
export function refuseExhaustedQuota(context: DomainContext, plan: Plan, made: number, periodEnd: Date): void {
  const limit = context.config.monthlyRequestsByPlan[plan];
  if (made >= limit) {
    throw new DomainError('QUOTA_EXHAUSTED', `Monthly request quota of ${limit} used up`, { resetsAt: periodEnd });
  }
}

export function refuseInsufficientCredits(balance: number, cost: number): void {
  if (balance < cost) throw insufficientCredits(balance, cost);
}

function insufficientCredits(balance: number, cost: number): DomainError {
  return new DomainError('PAYMENT_REQUIRED', `Insufficient credits: balance is ${balance}, the operation costs ${cost}`, {
    balance,
    cost,
  });
}

// The statements of every charge are plain SQL prepared once: drizzle's per-call placeholder filling and row
// mapping cost ~1 µs a statement, a fifth of the charge (docs/PERFORMANCE.md).

const debitBalance = preparedPerDatabase((db) =>
  db.$client.prepare<{ userId: string; cost: number }, { balance: number }>(
    'UPDATE users SET balance = balance - @cost WHERE id = @userId AND balance >= @cost RETURNING balance',
  ),
);

const recordCharge = preparedPerDatabase((db) =>
  db.$client.prepare<{ userId: string; operation: string; credits: number; balanceAfter: number; tokenId: string; createdAt: number }>(
    `INSERT INTO credit_ledger (user_id, operation, credits, balance_after, token_id, created_at)
     VALUES (@userId, @operation, @credits, @balanceAfter, @tokenId, @createdAt)`,
  ),
);

const touchToken = preparedPerDatabase((db) =>
  db.$client.prepare<{ tokenId: string; lastUsedAt: number }>('UPDATE api_tokens SET last_used_at = @lastUsedAt WHERE id = @tokenId'),
);

/** Records that an API token was used now (its `last_used_at`). */
export function recordTokenUse(context: DomainContext, tokenId: string, now: Date = context.now()): void {
  touchToken(context.db).run({ tokenId, lastUsedAt: now.getTime() });
}

interface Charge {
  userId: string;
  plan: Plan;
  operation: WatermarkOperation;
  tokenId: string;
}

function applyCharge(context: DomainContext, charge: Charge): number {
  const { db } = context;
  const cost = context.config.creditCost;
  const now = context.now();
  const { start, end } = quotaPeriod(now);
  const updated = debitBalance(db).get({ userId: charge.userId, cost });
  if (!updated) {
    const current = db.select({ balance: users.balance }).from(users).where(eq(users.id, charge.userId)).get();
    if (!current) throw accountGone();
    // an exhausted quota is reported before missing credits, as the check before the operation does
    refuseExhaustedQuota(context, charge.plan, requestsMade(context, charge.userId, start), end);
    throw insufficientCredits(current.balance, cost);
  }
  refuseExhaustedQuota(context, charge.plan, countRequest(context, charge.userId, start), end);
  recordCharge(db).run({
    userId: charge.userId,
    operation: charge.operation,
    credits: -cost,
    balanceAfter: updated.balance,
    tokenId: charge.tokenId,
    createdAt: now.getTime(),
  });
  recordTokenUse(context, charge.tokenId, now);
  return updated.balance;
}

/**
 * Charges one successful watermark operation and records it, atomically and in a transaction of its own or
 * shared with the other writes of the moment (`context.commitTogether`): the balance is decremented only if it
 * covers the cost, and the period's counter is incremented and checked against the quota (a refusal rolls both
 * back), so concurrent requests can neither overdraw nor exceed the quota. The token's `last_used_at` is set in
 * the same transaction. Resolves with the new balance once committed.
 */
export function chargeOperation(context: DomainContext, charge: Charge): Promise<number> {
  return context.commitTogether(() => applyCharge(context, charge));
}

/** Adds credits (signup grant or operator grant) and records them. Must run inside the caller's transaction or alone. */
export function grantCredits(
  context: DomainContext,
  db: Queryable,
  userId: string,
  credits: number,
  operation: 'signup-grant' | 'grant',
): number {
  const updated = db
    .update(users)
    .set({ balance: sql`${users.balance} + ${credits}` })
    .where(eq(users.id, userId))
    .returning({ balance: users.balance })
    .get();
  if (!updated) throw new DomainError('NOT_FOUND', 'No such user');
  db.insert(creditLedger)
    .values({ userId, operation, credits, balanceAfter: updated.balance, tokenId: null, createdAt: context.now().getTime() })
    .run();
  return updated.balance;
}

