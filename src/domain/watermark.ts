import { eq, sql } from 'drizzle-orm';
import {
  analyze,
  decode,
  decodeRobust,
  encode,
  encodeRobust,
  type AnalyzeResult,
  type DecodeResult,
  type DecodeRobustResult,
  type EncodeOptions,
  type EncodeResult,
  type EncodeRobustOptions,
  type EncodeRobustResult,
} from '../codec/index.js';
import { channels, preparedPerDatabase } from '../store/index.js';
import { isWellFormedApiTokenSecret } from './api-token-secret.js';
import { channelKeyOf } from './channels.js';
import type { DomainContext } from './context.js';
import { DomainError } from './errors.js';
import { chargeOperation, operationRefusal, quotaPeriod, recordTokenUse } from './ledger.js';
import { hashSecret } from './secrets.js';
import { REQUIRED_PERMISSIONS, type Plan, type WatermarkOperation } from './types.js';
import { refuseSuspended } from './users.js';

export interface EncodeInput extends Omit<EncodeOptions, 'key'> {
  text: string;
  secret: string;
}
export interface EncodeRobustInput extends Omit<EncodeRobustOptions, 'key'> {
  text: string;
  secret: string;
}
export interface DecodeInput {
  text: string;
}
export interface AnalyzeInput {
  encoded: string;
  original?: string;
}

/**
 * Each operation: authenticate the API token → refuse a suspended account → require a verified email → check the
 * token's permission → check quota and credits → run the codec (with the channel key when the token is bound) →
 * charge and record in one transaction. A codec failure (CodecError) propagates and costs nothing. The result
 * is resolved only once the charge is committed.
 */
export interface Watermark {
  encode(apiToken: string, input: EncodeInput): Promise<EncodeResult>;
  encodeRobust(apiToken: string, input: EncodeRobustInput): Promise<EncodeRobustResult>;
  decode(apiToken: string, input: DecodeInput): Promise<DecodeResult>;
  decodeRobust(apiToken: string, input: DecodeInput): Promise<DecodeRobustResult>;
  /** allowed with either permission: analysing reveals sizes, never the secret */
  analyze(apiToken: string, input: AnalyzeInput): Promise<AnalyzeResult>;
}

export function createWatermark(context: DomainContext): Watermark {
  /**
   * `succeeded`: whether the result is a success to charge (decode-robust answers "nothing found" without
   * throwing). Settles once the charge, or else the token's use, is committed.
   */
  async function run<T>(
    apiToken: string,
    operation: WatermarkOperation,
    work: (key: Uint8Array | undefined) => T,
    succeeded: (result: T) => boolean = () => true,
  ): Promise<T> {
    const caller = authorise(context, apiToken, operation);
    let charge = false;
    try {
      const result = work(caller.key);
      charge = succeeded(result);
      return result;
    } finally {
      if (charge) await chargeOperation(context, { userId: caller.userId, plan: caller.plan, operation, tokenId: caller.tokenId });
      else await context.commitTogether(() => recordTokenUse(context, caller.tokenId));
    }
  }
  return {
    encode: (apiToken, { text, secret, ...options }) =>
      run(apiToken, 'encode', (key) => encode(text, secret, { ...options, key })),
    encodeRobust: (apiToken, { text, secret, ...options }) =>
      run(apiToken, 'encode-robust', (key) => encodeRobust(text, secret, { ...options, key })),
    decode: (apiToken, { text }) => run(apiToken, 'decode', (key) => decode(text, { key })),
    decodeRobust: (apiToken, { text }) =>
      run(apiToken, 'decode-robust', (key) => decodeRobust(text, { key }), (result) => result.is_encoded),
    analyze: (apiToken, { encoded, original }) => run(apiToken, 'analyze', () => analyze(encoded, original)),
  };
}

interface Caller {
  userId: string;
  plan: 'free' | 'starter' | 'pro';
  tokenId: string;
  key: Uint8Array | undefined;
}

interface CallerRow {
  tokenId: string;
  permissions: string;
  channelId: string | null;
  userId: string;
  plan: Plan;
  balance: number;
  emailVerifiedAt: number | null;
  suspendedAt: number | null;
  suspensionReason: string | null;
  requestsMade: number | null;
}

/** The token with its account and the account's request count in the current quota period, in one query. */
const callerByTokenHash = preparedPerDatabase((db) =>
  db.$client.prepare<{ tokenHash: string; periodStart: number }, CallerRow>(
    `SELECT t.id AS tokenId, t.permissions, t.channel_id AS channelId, u.id AS userId, u.plan, u.balance,
            u.email_verified_at AS emailVerifiedAt, u.suspended_at AS suspendedAt,
            u.suspension_reason AS suspensionReason, c.requests_made AS requestsMade
     FROM api_tokens t
     JOIN users u ON u.id = t.user_id
     LEFT JOIN usage_counters c ON c.user_id = t.user_id AND c.period_start = @periodStart
     WHERE t.token_hash = @tokenHash`,
  ),
);
const channelById = preparedPerDatabase((db) =>
  db.select().from(channels).where(eq(channels.id, sql.placeholder('channelId'))).prepare(),
);

function authorise(context: DomainContext, apiToken: string, operation: WatermarkOperation): Caller {
  if (!apiToken) throw new DomainError('UNAUTHENTICATED', 'An API token is required');
  if (!isWellFormedApiTokenSecret(apiToken)) throw revoked();
  const { start, end } = quotaPeriod(context.now());
  const caller = callerByTokenHash(context.db).get({ tokenHash: hashSecret(apiToken), periodStart: start.getTime() });
  if (!caller) throw revoked();
  refuseSuspended(caller);
  if (caller.emailVerifiedAt === null) {
    throw new DomainError('EMAIL_NOT_VERIFIED', 'Watermark operations need a verified email address');
  }
  const allowed = REQUIRED_PERMISSIONS[operation];
  if (!allowed.some((p) => caller.permissions.split(',').includes(p))) {
    throw new DomainError('PERMISSION_DENIED', `This API token lacks the ${allowed.join(' or ')} permission`, {
      details: { required: allowed.join(' or ') },
    });
  }
  const refusal = operationRefusal(context, caller.plan, caller.requestsMade ?? 0, caller.balance, end);
  if (refusal) throw refusal;
  return { userId: caller.userId, plan: caller.plan, tokenId: caller.tokenId, key: keyOf(context, caller.channelId) };
}

function keyOf(context: DomainContext, channelId: string | null): Uint8Array | undefined {
  if (channelId === null) return undefined;
  const channel = channelById(context.db).get({ channelId });
  // bound channels are never deleted while their tokens exist (cascade), so this is a broken database
  if (!channel) throw new Error(`channel ${channelId} of an API token is missing`);
  return channelKeyOf(context, channel);
}

function revoked(): DomainError {
  return new DomainError('TOKEN_REVOKED', 'The API token is invalid or has been revoked');
}
