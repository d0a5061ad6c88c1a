import { and, eq, lte, sql } from 'drizzle-orm';
import { creditLedger, preparedPerDatabase, usageCounters, users, type Queryable } from '../store/index.js';
import type { DomainContext } from './context.js';
import { DomainError, invalid } from './errors.js';
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

/**
 * Why one more operation is refused to an account on `plan` with `made` operations in the period ending at
 * `periodEnd` and `balance` credits, or undefined: an exhausted quota is reported before missing credits.
 */
export function operationRefusal(context: DomainContext, plan: Plan, made: number, balance: number, periodEnd: Date): DomainError | undefined {
  const limit = context.config.monthlyRequestsByPlan[plan];
  if (made >= limit) return new DomainError('QUOTA_EXHAUSTED', `Monthly request quota of ${limit} used up`, { resetsAt: periodEnd });
  const cost = context.config.creditCost;
  if (balance < cost) {
    return new DomainError('PAYMENT_REQUIRED', `Insufficient credits: balance is ${balance}, the operation costs ${cost}`, {
      balance,
      cost,
    });
  }
  return undefined;
}

// The statements of every charge are plain SQL prepared once: drizzle's per-call placeholder filling and row
// mapping cost ~1 µs a statement, a fifth of the charge (docs/PERFORMANCE.md).

const accountState = preparedPerDatabase((db) =>
  db.$client.prepare<{ userId: string; periodStart: number }, { balance: number; made: number | null }>(
    `SELECT u.balance, c.requests_made AS made FROM users u
     LEFT JOIN usage_counters c ON c.user_id = u.id AND c.period_start = @periodStart
     WHERE u.id = @userId`,
  ),
);

const debitBalance = preparedPerDatabase((db) =>
  db.$client.prepare<{ userId: string; credits: number }>('UPDATE users SET balance = balance - @credits WHERE id = @userId'),
);

const countRequests = preparedPerDatabase((db) =>
  db.$client.prepare<{ userId: string; periodStart: number; n: number }>(
    `INSERT INTO usage_counters (user_id, period_start, requests_made) VALUES (@userId, @periodStart, @n)
     ON CONFLICT (user_id, period_start) DO UPDATE SET requests_made = requests_made + @n`,
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

/** Runs `write` in a savepoint: a throw rolls back its writes alone. */
const inSavepoint = preparedPerDatabase((db) => db.$client.transaction((write: () => Outcome[]) => write()));

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

type Outcome = { balance: number } | { refusal: unknown };

/** The charges submitted since the last commit of `commitTogether`, to be applied together by the next one. */
interface OpenBatch {
  charges: Charge[];
  outcomes: Promise<Outcome[]>;
}
const openBatches = new WeakMap<DomainContext, OpenBatch>();

/**
 * Charges one successful watermark operation and records it, atomically, in the transaction the moment's writes
 * share (`context.commitTogether`): the balance is decremented only if it covers the cost, and the period's
 * counter is incremented only while under the quota, so concurrent requests can neither overdraw nor exceed the
 * quota; an exhausted quota is reported before missing credits. The token's `last_used_at` is set in the same
 * transaction. Resolves with the new balance once committed.
 *
 * The charges of one turn are applied together, one account at a time: its balance and counter are read once,
 * each charge is decided in order as if it ran alone, and the account is debited and counted once for all it
 * admitted. Under load one turn holds dozens of charges of a few accounts, and the per-charge statements were
 * most of the server's write cost (docs/PERFORMANCE.md).
 */
export async function chargeOperation(context: DomainContext, charge: Charge): Promise<number> {
  let batch = openBatches.get(context);
  if (!batch) {
    const charges: Charge[] = [];
    const outcomes = context.commitTogether(() => {
      openBatches.delete(context);
      return applyCharges(context, charges);
    });
    const opened = (batch = { charges, outcomes });
    openBatches.set(context, opened);
    // if the shared transaction could not even begin, the batch never ran: let the next charge open a new one
    outcomes.catch(() => openBatches.get(context) === opened && openBatches.delete(context));
  }
  const index = batch.charges.push(charge) - 1;
  const outcome = (await batch.outcomes)[index];
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.balance;
}

function applyCharges(context: DomainContext, charges: readonly Charge[]): Outcome[] {
  const byAccount = new Map<string, number[]>();
  charges.forEach((charge, index) => {
    const indexes = byAccount.get(charge.userId);
    if (indexes) indexes.push(index);
    else byAccount.set(charge.userId, [index]);
  });
  const outcomes: Outcome[] = new Array(charges.length);
  for (const [userId, indexes] of byAccount) {
    const ofAccount = indexes.map((index) => charges[index]);
    let decided: Outcome[];
    try {
      decided = inSavepoint(context.db)(() => chargeAccount(context, userId, ofAccount));
    } catch (error) {
      decided = ofAccount.map(() => ({ refusal: error }));
    }
    indexes.forEach((index, k) => (outcomes[index] = decided[k]));
  }
  return outcomes;
}

/** Decides the charges of one account in order, writes what they admitted, and returns their outcomes. */
function chargeAccount(context: DomainContext, userId: string, charges: readonly Charge[]): Outcome[] {
  const { db } = context;
  const cost = context.config.creditCost;
  const now = context.now();
  const { start, end } = quotaPeriod(now);
  const account = accountState(db).get({ userId, periodStart: start.getTime() });
  if (!account) throw accountGone();
  let { balance } = account;
  let made = account.made ?? 0;
  let admitted = 0;
  const usedTokens = new Set<string>();
  const outcomes = charges.map((charge): Outcome => {
    const refusal = operationRefusal(context, charge.plan, made, balance, end);
    if (refusal) return { refusal };
    balance -= cost;
    made++;
    admitted++;
    recordCharge(db).run({
      userId,
      operation: charge.operation,
      credits: -cost,
      balanceAfter: balance,
      tokenId: charge.tokenId,
      createdAt: now.getTime(),
    });
    usedTokens.add(charge.tokenId);
    return { balance };
  });
  if (admitted > 0) {
    debitBalance(db).run({ userId, credits: admitted * cost });
    countRequests(db).run({ userId, periodStart: start.getTime(), n: admitted });
    for (const tokenId of usedTokens) recordTokenUse(context, tokenId, now);
  }
  return outcomes;
}

/**
 * The most credits an account can hold: 2^53 − 1, so that every balance, charge and `balance_after` is an exact
 * JavaScript number and an exact JSON number for clients that read numbers as doubles (above it, a 1-credit charge
 * could move a balance by 2 and the ledger would disagree with the balance).
 */
export const MAX_BALANCE = Number.MAX_SAFE_INTEGER;

/**
 * Adds credits (signup grant or operator grant) and records them. Must run inside the caller's transaction or
 * alone. A grant that would take the balance above MAX_BALANCE is refused (VALIDATION) and changes nothing.
 */
export function grantCredits(
  context: DomainContext,
  db: Queryable,
  userId: string,
  credits: number,
  operation: 'signup-grant' | 'grant',
): number {
  if (!Number.isSafeInteger(credits) || credits < 0) {
    throw invalid({ credits: 'must be a whole number of credits' }, 'Credits must be a whole number');
  }
  const updated = db
    .update(users)
    .set({ balance: sql`${users.balance} + ${credits}` })
    .where(and(eq(users.id, userId), lte(users.balance, MAX_BALANCE - credits)))
    .returning({ balance: users.balance })
    .get();
  if (!updated) {
    const current = db.select({ balance: users.balance }).from(users).where(eq(users.id, userId)).get();
    if (!current) throw new DomainError('NOT_FOUND', 'No such user');
    const room = Math.max(0, MAX_BALANCE - current.balance);
    throw invalid(
      { credits: `at most ${room} can be granted (a balance holds at most ${MAX_BALANCE})` },
      `A balance holds at most ${MAX_BALANCE} credits; with ${current.balance} now, at most ${room} can be granted`,
    );
  }
  db.insert(creditLedger)
    .values({ userId, operation, credits, balanceAfter: updated.balance, tokenId: null, createdAt: context.now().getTime() })
    .run();
  return updated.balance;
}
