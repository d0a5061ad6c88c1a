import type { DomainContext } from './context.js';
import { invalid } from './errors.js';
import { quotaOf } from './quota.js';
import { WATERMARK_OPERATIONS, type CreditBalance, type DailyUsage, type Quota, type UsageRecord } from './types.js';
import { openId, sealId } from './opaque-id.js';
import { iso, isoOrNull, requireActiveUser, type UserRow } from './users.js';

export interface Credits {
  balance(userId: string): Promise<CreditBalance>;
  quota(userId: string): Promise<Quota>;
  /**
   * The credit history, newest first: at most `limit` (default 100), and only records older than `before` (the
   * opaque id of a record) when given.
   */
  usage(userId: string, options?: { limit?: number; before?: string }): Promise<UsageRecord[]>;
  /**
   * Watermark operations and credits spent per UTC day, the last `days` days up to today, oldest first, every day
   * present.
   */
  dailyUsage(userId: string, days: number): Promise<DailyUsage[]>;
  /**
   * The instant (ISO) before which the server's retention deleted history, when this account had history then;
   * null when its history is complete.
   */
  prunedBefore(userId: string): Promise<string | null>;
}

export function createCredits(context: DomainContext): Credits {
  return {
    balance: async (userId) => balanceOf(await requireActiveUser(context, userId)),
    quota: async (userId) => quotaOf(context, userId, (await requireActiveUser(context, userId)).plan),
    usage: async (userId, options) => {
      await requireActiveUser(context, userId);
      return usageOf(context, userId, options?.limit, options?.before);
    },
    dailyUsage: async (userId, days) => {
      await requireActiveUser(context, userId);
      return dailyUsageOf(context, userId, days);
    },
    prunedBefore: async (userId) => prunedBeforeOf(context, await requireActiveUser(context, userId)),
  };
}

/** An account created after the cutoff lost nothing to retention. */
export async function prunedBeforeOf(context: DomainContext, row: UserRow): Promise<string | null> {
  const since = await context.store.ledger.completeSince();
  return since !== undefined && since > row.createdAt ? iso(since) : null;
}

export function balanceOf(row: UserRow): CreditBalance {
  return {
    balance: row.balance,
    plan: row.plan,
    subscription_status: row.subscriptionStatus,
    renews_at: isoOrNull(row.renewsAt),
  };
}

export async function usageOf(
  context: DomainContext,
  userId: string,
  limit = 100,
  beforeId?: string,
): Promise<UsageRecord[]> {
  const before = beforeId === undefined ? undefined : openId(context.keys.usageId, beforeId);
  if (beforeId !== undefined && before === undefined) {
    throw invalid({ before: 'is not the id of a usage record' }, 'Invalid before: not the id of a usage record');
  }
  const rows = await context.store.ledger.history(userId, { limit: Math.max(1, Math.min(limit, 10_000)), before });
  return rows.map((row) => ({
    id: sealId(context.keys.usageId, row.id),
    operation: row.operation as UsageRecord['operation'],
    credits: row.credits,
    balance_after: row.balanceAfter,
    token_id: row.tokenId,
    created_at: iso(row.createdAt),
  }));
}

const DAY_MS = 24 * 60 * 60 * 1000;

async function dailyUsageOf(context: DomainContext, userId: string, days: number): Promise<DailyUsage[]> {
  const now = context.now();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = today - (days - 1) * DAY_MS;
  const totals = await context.store.ledger.dailyTotals(userId, {
    from,
    dayMs: DAY_MS,
    operations: WATERMARK_OPERATIONS,
  });
  const byDay = new Map(totals.map((row) => [row.day, row]));
  return Array.from({ length: days }, (_, index) => ({
    date: new Date(from + index * DAY_MS).toISOString().slice(0, 10),
    operations: byDay.get(index)?.operations ?? 0,
    credits: byDay.get(index)?.credits ?? 0,
  }));
}
