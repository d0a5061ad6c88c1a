import { and, eq, gte, sql } from 'drizzle-orm';
import { creditLedger, usageCounters, users, type Queryable } from '../store/index.js';
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

function requestsMade(db: Queryable, userId: string, periodStart: Date): number {
  const row = db
    .select({ n: usageCounters.requestsMade })
    .from(usageCounters)
    .where(and(eq(usageCounters.userId, userId), eq(usageCounters.periodStart, periodStart.getTime())))
    .get();
  return row?.n ?? 0;
}

/** Counts one more operation in the period; returns the count before it. */
function countRequest(db: Queryable, userId: string, periodStart: Date): number {
  const row = db
    .insert(usageCounters)
    .values({ userId, periodStart: periodStart.getTime(), requestsMade: 1 })
    .onConflictDoUpdate({
      target: [usageCounters.userId, usageCounters.periodStart],
      set: { requestsMade: sql`${usageCounters.requestsMade} + 1` },
    })
    .returning({ n: usageCounters.requestsMade })
    .get();
  return row.n - 1;
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

export function quotaOf(context: DomainContext, userId: string, plan: Plan, db: Queryable = context.db): Quota {
  const { start, end } = quotaPeriod(context.now());
  return quotaFor(context, plan, requestsMade(db, userId, start), end);
}

export function refuseExhaustedQuota(quota: Quota): void {
  if (quota.requests_remaining <= 0) {
    throw new DomainError('QUOTA_EXHAUSTED', `Monthly request quota of ${quota.requests_limit} used up`, {
      resetsAt: new Date(quota.resets_at),
    });
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

/**
 * Charges one successful watermark operation and records it, in one immediate transaction: the balance is
 * decremented only if it covers the cost, and the period's counter is incremented and checked against the quota
 * (a refusal rolls both back), so concurrent requests can neither overdraw nor exceed the quota. Returns the new
 * balance.
 */
export function chargeOperation(
  context: DomainContext,
  charge: { userId: string; plan: Plan; operation: WatermarkOperation; tokenId: string },
): number {
  const cost = context.config.creditCost;
  const now = context.now();
  const { start, end } = quotaPeriod(now);
  return context.db.transaction(
    (tx) => {
      const updated = tx
        .update(users)
        .set({ balance: sql`${users.balance} - ${cost}` })
        .where(and(eq(users.id, charge.userId), gte(users.balance, cost)))
        .returning({ balance: users.balance })
        .get();
      if (!updated) {
        const current = tx.select({ balance: users.balance }).from(users).where(eq(users.id, charge.userId)).get();
        if (!current) throw accountGone();
        // an exhausted quota is reported before missing credits, as the check before the operation does
        refuseExhaustedQuota(quotaFor(context, charge.plan, requestsMade(tx, charge.userId, start), end));
        throw insufficientCredits(current.balance, cost);
      }
      refuseExhaustedQuota(quotaFor(context, charge.plan, countRequest(tx, charge.userId, start), end));
      tx.insert(creditLedger)
        .values({
          userId: charge.userId,
          operation: charge.operation,
          credits: -cost,
          balanceAfter: updated.balance,
          tokenId: charge.tokenId,
          createdAt: now.getTime(),
        })
        .run();
      return updated.balance;
    },
    { behavior: 'immediate' },
  );
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

