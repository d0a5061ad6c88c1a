import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DayTotals, LedgerRow, NewLedgerEntry } from '../port/index.js';
import type { Db } from './database.js';
import { preparedOnce } from './prepared.js';
import { creditLedger, ledgerRetention, usageCounters } from './schema.js';

export function ledgerStatements(db: Db) {
  const requestsMade = preparedOnce(() =>
    db
      .select({ n: usageCounters.requestsMade })
      .from(usageCounters)
      .where(
        and(
          eq(usageCounters.userId, sql.placeholder('userId')),
          eq(usageCounters.periodStart, sql.placeholder('periodStart')),
        ),
      )
      .prepare(),
  );
  return {
    append: (userId: string, entry: NewLedgerEntry): void => {
      db.insert(creditLedger)
        .values({ ...entry, userId })
        .run();
    },
    history: (userId: string, { limit, before }: { limit: number; before?: number }): LedgerRow[] => {
      const ofUser = eq(creditLedger.userId, userId);
      return db
        .select()
        .from(creditLedger)
        .where(before === undefined ? ofUser : and(ofUser, lt(creditLedger.id, before)))
        .orderBy(desc(creditLedger.id))
        .limit(limit)
        .all();
    },
    dailyTotals: (
      userId: string,
      { from, dayMs, operations }: { from: number; dayMs: number; operations: readonly string[] },
    ): DayTotals[] => {
      // the day's index counted from `from`; bound numbers are REALs in SQLite, hence the cast
      const day = sql<number>`cast((${creditLedger.createdAt} - ${from}) / ${dayMs} as integer)`;
      return db
        .select({
          day,
          operations: sql<number>`count(*)`,
          credits: sql<number>`coalesce(-sum(${creditLedger.credits}), 0)`,
        })
        .from(creditLedger)
        .where(
          and(
            eq(creditLedger.userId, userId),
            gte(creditLedger.createdAt, from),
            inArray(creditLedger.operation, [...operations]),
          ),
        )
        .groupBy(day)
        .all();
    },
    requestsMade: (userId: string, periodStart: number): number => requestsMade().get({ userId, periodStart })?.n ?? 0,
    // the oldest entries by id (the rowid: no index on created_at, which every charge would pay for), of which those
    // old enough; each call reads at most `limit` rows, so it holds the write lock briefly
    deleteOlderThan: (before: number, limit: number): number =>
      db.$client
        .prepare<{ before: number; limit: number }>(
          `DELETE FROM credit_ledger
           WHERE id IN (SELECT id FROM credit_ledger ORDER BY id LIMIT @limit) AND created_at < @before`,
        )
        .run({ before, limit }).changes,
    deleteCountersBefore: (periodStart: number): number =>
      db.delete(usageCounters).where(lt(usageCounters.periodStart, periodStart)).run().changes,
    completeSince: (): number | undefined =>
      db.select({ since: ledgerRetention.completeSince }).from(ledgerRetention).get()?.since,
    markCompleteSince: (since: number): void => {
      db.insert(ledgerRetention)
        .values({ id: 1, completeSince: since })
        .onConflictDoUpdate({
          target: ledgerRetention.id,
          set: { completeSince: sql`max(${ledgerRetention.completeSince}, excluded.complete_since)` },
        })
        .run();
    },
  };
}
