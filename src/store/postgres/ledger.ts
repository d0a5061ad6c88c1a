import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DayTotals, LedgerRow, NewLedgerEntry } from '../port/index.js';
import type { PgSession, Statement } from './database.js';
import { creditLedger, ledgerRetention, usageCounters } from './schema.js';

const REQUESTS_MADE: Statement = {
  name: 'usage_counters_requests_made',
  text: 'SELECT requests_made AS n FROM usage_counters WHERE user_id = $1 AND period_start = $2',
};

export function ledgerStatements({ db, run }: PgSession) {
  return {
    append: async (userId: string, entry: NewLedgerEntry): Promise<void> => {
      await db.insert(creditLedger).values({ ...entry, userId });
    },
    history: (userId: string, { limit, before }: { limit: number; before?: number }): Promise<LedgerRow[]> => {
      const ofUser = eq(creditLedger.userId, userId);
      return db
        .select()
        .from(creditLedger)
        .where(before === undefined ? ofUser : and(ofUser, lt(creditLedger.id, before)))
        .orderBy(desc(creditLedger.id))
        .limit(limit);
    },
    dailyTotals: (
      userId: string,
      { from, dayMs, operations }: { from: number; dayMs: number; operations: readonly string[] },
    ): Promise<DayTotals[]> => {
      // the day's index counted from `from` (integer division of bigints)
      const day = sql<number>`(${creditLedger.createdAt} - ${from}::bigint) / ${dayMs}::bigint`.mapWith(Number);
      return (
        db
          .select({
            day,
            operations: sql<number>`count(*)`.mapWith(Number),
            credits: sql<number>`coalesce(-sum(${creditLedger.credits}), 0)`.mapWith(Number),
          })
          .from(creditLedger)
          .where(
            and(
              eq(creditLedger.userId, userId),
              gte(creditLedger.createdAt, from),
              inArray(creditLedger.operation, [...operations]),
            ),
          )
          // by position: the expression's parameters are bound twice, and PostgreSQL would see two expressions
          .groupBy(sql`1`)
      );
    },
    requestsMade: async (userId: string, periodStart: number): Promise<number> =>
      (await run<{ n: number }>(REQUESTS_MADE, [userId, periodStart]))[0]?.n ?? 0,
    // the oldest entries by id (no index on created_at, which every charge would pay for), of which those old enough
    deleteOlderThan: async (before: number, limit: number): Promise<number> => {
      const oldest = db.select({ id: creditLedger.id }).from(creditLedger).orderBy(creditLedger.id).limit(limit);
      const deleted = await db
        .delete(creditLedger)
        .where(and(inArray(creditLedger.id, oldest), lt(creditLedger.createdAt, before)))
        .returning({ id: creditLedger.id });
      return deleted.length;
    },
    deleteCountersBefore: async (periodStart: number): Promise<number> =>
      (
        await db
          .delete(usageCounters)
          .where(lt(usageCounters.periodStart, periodStart))
          .returning({ userId: usageCounters.userId })
      ).length,
    completeSince: async (): Promise<number | undefined> =>
      (await db.select({ since: ledgerRetention.completeSince }).from(ledgerRetention))[0]?.since,
    markCompleteSince: async (since: number): Promise<void> => {
      await db
        .insert(ledgerRetention)
        .values({ id: 1, completeSince: since })
        .onConflictDoUpdate({
          target: ledgerRetention.id,
          set: { completeSince: sql`greatest(${ledgerRetention.completeSince}, excluded.complete_since)` },
        });
    },
  };
}
