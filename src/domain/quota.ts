import type { Store } from '../store/index.js';
import type { DomainConfig } from './config.js';
import type { Plan, Quota } from './types.js';

/** The quota period: the calendar month in UTC. */
export function quotaPeriod(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/** The plan's quota with `made` operations in the period ending at `periodEnd`. */
export function quotaFor(config: DomainConfig, plan: Plan, made: number, periodEnd: Date): Quota {
  const limit = config.monthlyRequestsByPlan[plan];
  return {
    requests_made: made,
    requests_limit: limit,
    requests_remaining: Math.max(0, limit - made),
    resets_at: periodEnd.toISOString(),
  };
}

/** The account's quota in the current period. */
export async function quotaOf(
  context: { store: Store; config: DomainConfig; now: () => Date },
  userId: string,
  plan: Plan,
): Promise<Quota> {
  const { start, end } = quotaPeriod(context.now());
  const made = await context.store.ledger.requestsMade(userId, start.getTime());
  return quotaFor(context.config, plan, made, end);
}
