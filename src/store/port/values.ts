/**
 * The closed lists of values the database holds. The store owns them because its schema constrains the columns;
 * the domain re-exports them (src/domain/types.ts) as the rules' vocabulary.
 */
export const PLANS = ['free', 'starter', 'pro'] as const;
export type Plan = (typeof PLANS)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'paused', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
