import { Type, type Static } from '@sinclair/typebox';
import { USAGE_OPERATIONS } from '../../domain/index.js';
import { CreditBalance, StringEnum } from './common.js';

export const UsageQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50, description: 'records per page' })),
  before: Type.Optional(
    Type.String({
      maxLength: 64,
      description: 'only records older than the one with this id (next_before of the previous page)',
    }),
  ),
});
export type UsageQuery = Static<typeof UsageQuery>;

export const UsageRecord = Type.Object({
  id: Type.String({ description: 'opaque and stable; says nothing about other accounts or the number of records' }),
  operation: StringEnum(USAGE_OPERATIONS, {
    description: 'a watermark operation (a charge), or signup-grant or grant (credits added)',
  }),
  credits: Type.Integer({ description: 'change of the balance: negative for a charge, positive for a grant' }),
  balance_after: Type.Integer({ description: 'the balance right after this record' }),
  token_id: Type.Union([Type.String(), Type.Null()], {
    description: 'the API token that made the request (null for grants)',
  }),
  created_at: Type.String({ format: 'date-time' }),
});

/** How far back the history goes: added to the usage answers without changing their other fields. */
const PrunedBefore = Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
  description:
    "the server's retention deleted this account's records older than this instant; null when the history is " +
    'complete',
});

export const UsagePage = Type.Object({
  usage: Type.Array(UsageRecord, { description: 'newest first' }),
  next_before: Type.Union([Type.String(), Type.Null()], {
    description: 'pass as `before` for the next page; null at the end',
  }),
  pruned_before: PrunedBefore,
});

export const DailyUsageQuery = Type.Object({
  days: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 366, default: 30, description: 'how many days, ending today (UTC)' }),
  ),
});
export type DailyUsageQuery = Static<typeof DailyUsageQuery>;

export const DailyUsageResponse = Type.Object({
  days: Type.Array(
    Type.Object({
      date: Type.String({ format: 'date', description: 'UTC day' }),
      operations: Type.Integer({ description: 'successful watermark operations' }),
      credits: Type.Integer({ description: 'credits they cost' }),
    }),
    { description: 'oldest first, one entry for every day (zeros included)' },
  ),
  pruned_before: PrunedBefore,
});

export { CreditBalance };

/** The balance route's answer: the spec's Credit balance, and what one operation costs on this server. */
export const BalanceResponse = Type.Composite([
  CreditBalance,
  Type.Object({
    cost_per_operation: Type.Integer({
      description: 'credits one successful watermark operation uses on this server (wm serve --credit-cost)',
    }),
  }),
]);
