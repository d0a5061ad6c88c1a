import { and, desc, eq, lt } from 'drizzle-orm';
import { creditLedger } from '../store/index.js';
import type { DomainContext } from './context.js';
import { invalid } from './errors.js';
import { quotaOf } from './ledger.js';
import type { CreditBalance, Quota, UsageRecord } from './types.js';
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
}

export function createCredits(context: DomainContext): Credits {
  return {
    balance: (userId) => balanceOf(requireActiveUser(context, userId)),
    quota: (userId) => quotaOf(context, userId, requireActiveUser(context, userId).plan),
    usage: (userId, options) => {
      requireActiveUser(context, userId);
      return usageOf(context, userId, options?.limit, options?.before);
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
