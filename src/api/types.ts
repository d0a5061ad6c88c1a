/**
 * The shapes of the API's answers, as TypeScript types derived from the server's schemas (the schemas that validate
 * and serialise each answer and make /openapi.json). Types only: the dashboard imports them, and nothing of the
 * server reaches the browser.
 */
import type { Static } from '@sinclair/typebox';
import type {
  ApiTokenMetadata,
  ApiTokenWithSecret,
  ChannelListItem,
  ErrorResponse,
  Quota as QuotaSchema,
  SigningKeyInfo,
  User as UserSchema,
} from '../server/schemas/common.js';
import type { BalanceResponse, DailyUsageResponse, UsagePage as UsagePageSchema } from '../server/schemas/credits.js';
import type { ProfileResponse } from '../server/schemas/users.js';
import type { CodecOperationName, KebabName, OperationInputs, OperationResults } from '../ops/operations.js';

export type User = Static<typeof UserSchema>;
export type Plan = User['plan'];
export type Permission = ApiToken['permissions'][number];
export type Quota = Static<typeof QuotaSchema>;
export type Profile = Pick<Static<typeof ProfileResponse>, 'user' | 'quota'>;
export type Balance = Static<typeof BalanceResponse>;
export type ApiToken = Static<typeof ApiTokenMetadata>;
export type CreatedApiToken = Static<typeof ApiTokenWithSecret>;
export type SigningKey = Static<typeof SigningKeyInfo>;
export type Channel = Static<typeof ChannelListItem>;
export type UsagePage = Static<typeof UsagePageSchema>;
export type UsageRecord = UsagePage['usage'][number];
export type DailyUsage = Static<typeof DailyUsageResponse>['days'][number];
export type ErrorBody = Static<typeof ErrorResponse>;
/** Issued copies (docs/TRACING.md): the answers of /api/v2/copies… */
export type IssueCopiesResult = OperationResults['issue_copies'];
export type PreviewCopiesResult = OperationResults['preview_copies'];
export type ListCopiesResult = OperationResults['list_copies'];
export type TraceResult = OperationResults['trace'];

/**
 * The watermark operations of /api/watermark/<kebab name>, by that name, with the body each takes and the answer it
 * gives: the rows' (src/ops/operations.ts), so that a call of one that no longer exists, or with a field it does not
 * take, is a compile error in the dashboard. (strip and reveal have no endpoint.)
 */
export type WatermarkEndpoints = {
  [N in Exclude<CodecOperationName, 'strip' | 'reveal'> as KebabName<N>]: {
    body: OperationInputs[N];
    answer: OperationResults[N];
  };
};
