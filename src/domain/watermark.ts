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
import { isWellFormedApiTokenSecret } from './api-token-secret.js';
import { channelKeyOf } from './channels.js';
import { chargeRefusal, type TokenUse } from './charges.js';
import type { DomainContext } from './context.js';
import { DomainError } from './errors.js';
import { quotaPeriod } from './quota.js';
import { hashSecret } from './secrets.js';
import { REQUIRED_PERMISSIONS, type WatermarkOperation } from './types.js';
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
 * submit the charge (src/domain/charges.ts). A codec failure (CodecError) propagates and costs nothing. The result
 * is resolved only once the charge is committed, and a charge refused meanwhile (the balance or quota ran out
 * under concurrent requests) is the answer instead of the result.
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
  /** `succeeded`: whether the result is a success to charge (decode-robust answers "nothing found" in a result). */
  async function run<T>(
    apiToken: string,
    operation: WatermarkOperation,
    work: (key: Uint8Array | undefined) => T,
    succeeded: (result: T) => boolean = () => true,
  ): Promise<T> {
    const caller = await authorise(context, apiToken, operation);
    const use = { userId: caller.userId, plan: caller.plan, operation, tokenId: caller.tokenId };
    let result: T;
    try {
      result = work(caller.key);
    } catch (error) {
      // the token was used, but nothing is charged
      await context.charges.submit({ ...use, charge: false });
      throw error;
    }
    await context.charges.submit({ ...use, charge: succeeded(result) });
    return result;
  }
  return {
    encode: (apiToken, { text, secret, ...options }) =>
      run(apiToken, 'encode', (key) => encode(text, secret, { ...options, key })),
    encodeRobust: (apiToken, { text, secret, ...options }) =>
      run(apiToken, 'encode-robust', (key) => encodeRobust(text, secret, { ...options, key })),
    decode: (apiToken, { text }) => run(apiToken, 'decode', (key) => decode(text, { key })),
    decodeRobust: (apiToken, { text }) =>
      run(
        apiToken,
        'decode-robust',
        (key) => decodeRobust(text, { key }),
        (result) => result.is_encoded,
      ),
    analyze: (apiToken, { encoded, original }) => run(apiToken, 'analyze', () => analyze(encoded, original)),
  };
}

type Caller = Omit<TokenUse, 'operation' | 'charge'> & { key: Uint8Array | undefined };

async function authorise(context: DomainContext, apiToken: string, operation: WatermarkOperation): Promise<Caller> {
  if (!apiToken) throw new DomainError('UNAUTHENTICATED', 'An API token is required');
  if (!isWellFormedApiTokenSecret(apiToken)) throw revoked();
  const { start, end } = quotaPeriod(context.now());
  const caller = await context.store.apiTokens.callerByHash(hashSecret(apiToken), start.getTime());
  if (!caller) throw revoked();
  refuseSuspended(caller);
  if (caller.emailVerifiedAt === null) {
    throw new DomainError('EMAIL_NOT_VERIFIED', 'Watermark operations need a verified email address');
  }
  const allowed = REQUIRED_PERMISSIONS[operation];
  if (!allowed.some((p) => caller.permissions.includes(p))) {
    throw new DomainError('PERMISSION_DENIED', `This API token lacks the ${allowed.join(' or ')} permission`, {
      details: { required: allowed.join(' or ') },
    });
  }
  // refused early, before the codec's work; the charge decides again when it is applied
  const refusal = chargeRefusal(context.config, caller.plan, caller.requestsMade, caller.balance, end);
  if (refusal) {
    context.observer.charge?.(refusal.code);
    throw refusal;
  }
  const key = caller.channelId === null ? undefined : await keyOf(context, caller.channelId);
  return { userId: caller.userId, plan: caller.plan, tokenId: caller.tokenId, key };
}

async function keyOf(context: DomainContext, channelId: string): Promise<Uint8Array> {
  const channel = await context.store.channels.byId(channelId);
  // bound channels are never deleted while their tokens exist (cascade), so this is a broken database
  if (!channel) throw new Error(`channel ${channelId} of an API token is missing`);
  return channelKeyOf(context, channel);
}

function revoked(): DomainError {
  return new DomainError('TOKEN_REVOKED', 'The API token is invalid or has been revoked');
}
