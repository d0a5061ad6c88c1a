import type { Store } from '../store/index.js';
import { invalid } from './errors.js';
import { quotaPeriod } from './quota.js';

/** How long usage history is kept: a number of days, weeks, calendar months or calendar years. */
export interface Retention {
  amount: number;
  unit: 'd' | 'w' | 'mo' | 'y';
  /** as written, e.g. "90d" */
  text: string;
}

const DURATION = /^(\d{1,6})\s*(d|w|mo|y)$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** "90d", "12w", "13mo", "2y"; at least one day. `name` names the setting in the message. */
export function parseRetention(text: string, name: string): Retention {
  const match = DURATION.exec(text.trim());
  const amount = match ? Number(match[1]) : 0;
  if (!match || amount === 0) {
    throw invalid(
      { [name]: 'must be a duration such as 90d, 12w, 13mo or 2y' },
      `${name} must be a duration such as 90d, 12w, 13mo or 2y (days, weeks, calendar months, calendar years; ` +
        `at least 1d), got "${text}"`,
    );
  }
  return { amount, unit: match[2] as Retention['unit'], text: `${amount}${match[2]}` };
}

/** The instant before which history is older than `retention` (UTC calendar for months and years). */
export function retentionCutoff(now: Date, retention: Retention): number {
  const { amount, unit } = retention;
  if (unit === 'd' || unit === 'w') return now.getTime() - amount * (unit === 'w' ? 7 : 1) * DAY_MS;
  const cutoff = new Date(now.getTime());
  if (unit === 'mo') cutoff.setUTCMonth(cutoff.getUTCMonth() - amount);
  else cutoff.setUTCFullYear(cutoff.getUTCFullYear() - amount);
  return cutoff.getTime();
}

export interface PruneResult {
  /** entries created before this instant were deleted (Unix ms) */
  cutoff: number;
  /** credit history entries deleted */
  entriesDeleted: number;
  /** monthly usage counters of past periods deleted */
  countersDeleted: number;
}

/** Entries deleted per unit of work: a few milliseconds of the write lock, so charges wait little meanwhile. */
const PRUNE_BATCH = 1000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Deletes the credit history older than `retention`, in small units of work with a turn of the event loop between
 * them (a running server goes on charging), and the usage counters of quota periods that ended before the
 * cutoff. Balances are columns of their own and the current period's counter is kept, so neither a balance nor a
 * quota changes. The cutoff is recorded as the instant from which the history is complete. `signal` stops it
 * between two units of work (a server shutting down); what was deleted until then stays deleted.
 */
export async function pruneUsageHistory(
  store: Store,
  now: Date,
  retention: Retention,
  signal?: AbortSignal,
): Promise<PruneResult> {
  const cutoff = retentionCutoff(now, retention);
  let entriesDeleted = 0;
  while (!signal?.aborted) {
    const deleted = await store.transaction(async (tx) => {
      const count = await tx.ledger.deleteOlderThan(cutoff, PRUNE_BATCH);
      if (count > 0) await tx.ledger.markCompleteSince(cutoff);
      return count;
    });
    entriesDeleted += deleted;
    if (deleted < PRUNE_BATCH) break;
    await nextTurn();
  }
  // the period holding the cutoff (and so the current one) keeps its counter
  const countersDeleted = await store.ledger.deleteCountersBefore(quotaPeriod(new Date(cutoff)).start.getTime());
  return { cutoff, entriesDeleted, countersDeleted };
}
