import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { creditLedger } from '../store/index.js';
import type { DomainContext } from './context.js';
import { invalid } from './errors.js';
import { quotaOf } from './ledger.js';
import { WATERMARK_OPERATIONS, type CreditBalance, type DailyUsage, type Quota, type UsageRecord } from './types.js';
import { openUsageId, sealUsageId } from './usage-id.js';
import { iso, isoOrNull, requireActiveUser, type UserRow } from './users.js';

export interface Credits {
  balance(userId: string): CreditBalance;
  quota(userId: string): Quota;
  /**
   * The credit history, newest first: at most `limit` (default 100), and only records older than `before` (the
   * opaque id of a record) when given.
   */
  usage(userId: string, options?: { limit?: number; before?: string }): UsageRecord[];
  /** Watermark operations and credits spent per UTC day, the last `days` days up to today, oldest first, every day present. */
  dailyUsage(userId: string, days: number): DailyUsage[];
}

export function createCredits(context: DomainContext): Credits {
  return {
    balance: (userId) => balanceOf(requireActiveUser(context, userId)),
    quota: (userId) => quotaOf(context, userId, requireActiveUser(context, userId).plan),
    usage: (userId, options) => {
      requireActiveUser(context, userId);
      return usageOf(context, userId, options?.limit, options?.before);
    },
    dailyUsage: (userId, days) => {
      requireActiveUser(context, userId);
      return dailyUsageOf(context, userId, days);
    },
  };
}

export function balanceOf(row: UserRow): CreditBalance {
  return {
    balance: row.balance,
    plan: row.plan,
    subscription_status: row.subscriptionStatus,
    renews_at: isoOrNull(row.renewsAt),
  };
}

export function usageOf(context: DomainContext, userId: string, limit = 100, beforeId?: string): UsageRecord[] {
  const before = beforeId === undefined ? undefined : openUsageId(context.keys.usageId, beforeId);
  if (beforeId !== undefined && before === undefined) {
    throw invalid({ before: 'is not the id of a usage record' }, 'Invalid before: not the id of a usage record');
  }
  const ofUser = eq(creditLedger.userId, userId);
  return context.db
    .select()
    .from(creditLedger)
    .where(before === undefined ? ofUser : and(ofUser, lt(creditLedger.id, before)))
    .orderBy(desc(creditLedger.id))
    .limit(Math.max(1, Math.min(limit, 10_000)))
    .all()
    .map((row) => ({
      id: sealUsageId(context.keys.usageId, row.id),
      operation: row.operation as UsageRecord['operation'],
      credits: row.credits,
      balance_after: row.balanceAfter,
      token_id: row.tokenId,
      created_at: iso(row.createdAt),
    }));
}

const DAY_MS = 24 * 60 * 60 * 1000;

function dailyUsageOf(context: DomainContext, userId: string, days: number): DailyUsage[] {
  const now = context.now();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = today - (days - 1) * DAY_MS;
  // the day's index counted from `from`; bound numbers are REALs in SQLite, hence the cast
  const day = sql<number>`cast((${creditLedger.createdAt} - ${from}) / ${DAY_MS} as integer)`;
  const rows = context.db
    .select({ day, operations: sql<number>`count(*)`, credits: sql<number>`coalesce(-sum(${creditLedger.credits}), 0)` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.userId, userId),
        gte(creditLedger.createdAt, from),
        inArray(creditLedger.operation, [...WATERMARK_OPERATIONS]),
      ),
    )
    .groupBy(day)
    .all();
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return Array.from({ length: days }, (_, index) => ({
    date: new Date(from + index * DAY_MS).toISOString().slice(0, 10),
    operations: byDay.get(index)?.operations ?? 0,
    credits: byDay.get(index)?.credits ?? 0,
  }));
}
