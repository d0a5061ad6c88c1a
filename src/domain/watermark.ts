import { CodecError } from 'wm-watermark-codec/errors';
import type {
  AnalyzeResult,
  DecodeResult,
  DecodeRobustResult,
  EncodeOptions,
  EncodeResult,
  EncodeRobustOptions,
  EncodeRobustResult,
  RevealSegment,
  SignatureReport,
  SigningKey,
  StripResult,
  VerifyingKey,
} from 'wm-watermark-codec';
import { isWellFormedApiTokenSecret } from './api-token-secret.js';
import { signWithChannel, type C2paSignInput } from './c2pa-certificates.js';
import type { C2paSigned } from './c2pa-signed.js';
import { channelKeyOf } from './channels.js';
import { chargeRefusal, type TokenUse } from './charges.js';
import type { TokenCaller } from '../store/index.js';
import type { DomainContext } from './context.js';
import { DomainError, invalid } from './errors.js';
import { quotaPeriod } from './quota.js';
import { hashSecret } from './secrets.js';
import { currentSigningKey, verifyingKeysFor } from './signing-keys.js';
import { isAccountOperation, OPERATION_RULES, type OperationName } from './operation-rules.js';
import { MAX_REVEALED_CHARACTERS, MAX_REVEALED_HIDDEN, type RevealBudget } from './types.js';
import { refuseSuspended } from './users.js';
import type { RunJob } from './work/runner.js';
import { VERSION } from '../version.js';

const FULL_REVEAL_BUDGET: RevealBudget = { hidden: MAX_REVEALED_HIDDEN, characters: MAX_REVEALED_CHARACTERS };

/** The signing key is the token's (its channel's current key): a caller only asks for the text to be bound. */
export interface EncodeInput extends Omit<EncodeOptions, 'key' | 'signingKey'> {
  text: string;
  secret: string;
}
export interface EncodeRobustInput extends Omit<EncodeRobustOptions, 'key' | 'signingKey'> {
  text: string;
  secret: string;
}
export interface DecodeInput {
  text: string;
  /** also answer with unkeyed watermarks although the token is keyed (see acceptUnkeyed in the codec) */
  acceptUnkeyed?: boolean;
}
export interface DecodeVsInput extends DecodeInput {
  /** also read unframed selector runs as text (no integrity check) */
  rawRuns?: boolean;
}
export interface AnalyzeInput {
  encoded: string;
  original?: string;
}

/**
 * Each operation: authenticate the API token → refuse a suspended account → require a verified email → check the
 * token's permission → check quota and credits → run the codec (with the channel key when the token is bound, and
 * its signing key when the token signs) → submit the charge (src/domain/charges.ts). Decoding verifies signed marks
 * with the keys the caller may know: the published ones and the account's own (at most MAX_SIGNATURES_CHECKED
 * signatures a request). A codec failure (CodecError) propagates and costs nothing. The result
 * is resolved only once the charge is committed, and a charge refused meanwhile (the balance or quota ran out
 * under concurrent requests) is the answer instead of the result.
 */
export interface Watermark {
  /**
   * The caller of a request that runs several operations (MCP's tools over HTTP), read once: the token and its
   * account (TOKEN_REVOKED, ACCOUNT_SUSPENDED as every operation would answer). Each operation run with it checks
   * its own permission, the email and the charge, without reading the token again.
   */
  identify(apiToken: string): Promise<IdentifiedCaller>;
  encode(caller: WatermarkCaller, input: EncodeInput): Promise<EncodeResult>;
  encodeRobust(caller: WatermarkCaller, input: EncodeRobustInput): Promise<EncodeRobustResult>;
  decode(caller: WatermarkCaller, input: DecodeVsInput): Promise<DecodeResult>;
  decodeRobust(caller: WatermarkCaller, input: DecodeInput): Promise<DecodeRobustResult>;
  /** allowed with either permission: analysing reveals sizes, never the secret */
  analyze(caller: WatermarkCaller, input: AnalyzeInput): Promise<AnalyzeResult>;
  /**
   * A C2PA manifest signed with the certificate of the token's channel (./c2pa-certificates.ts), charged as an
   * encode; a token without a channel or a channel without a certificate: VALIDATION, free
   */
  c2paSign(caller: WatermarkCaller, input: C2paSignInput): Promise<C2paSigned>;
  /** MCP's strip tool on the server: as analyze (either permission, metered) */
  strip(caller: WatermarkCaller, input: DecodeInput): Promise<StripResult>;
  /**
   * MCP's reveal tool on the server: as analyze, and its answer bounded: at most `budget`'s hidden segments and
   * characters (default and most: MAX_REVEALED_HIDDEN and MAX_REVEALED_CHARACTERS; VALIDATION beyond, free)
   */
  reveal(
    caller: WatermarkCaller,
    input: DecodeInput,
    budget?: RevealBudget,
  ): Promise<{ segments: RevealSegment[]; text: string }>;
}

/**
 * Who runs an operation: an API token's secret, a signed-in account naming one of its own tokens (the dashboard's
 * checker, which never holds a secret), or a token already read for this request (`identify`). Either way the
 * token's permissions, channel, signing and charges apply.
 */
export type WatermarkCaller = string | { userId: string; tokenId: string } | IdentifiedCaller;

/** A token and its account as read by `identify`, with the quota period its count is of. */
export interface IdentifiedCaller {
  readonly identified: TokenCaller;
  readonly periodStart: number;
}

const isIdentified = (credential: WatermarkCaller): credential is IdentifiedCaller =>
  typeof credential === 'object' && 'identified' in credential;

/**
 * Runs one watermark operation for a credential: authorise (token, account, permission, quota, credits, keys), do
 * the work, then charge it when `succeeded` says it is a success; a failure costs nothing. Every metered operation
 * goes through here (these and the copies operations of ./copies). The work runs its jobs (./work/jobs.ts) through
 * `job`, under one time budget for the request: a job stopped by it fails the operation, which then costs nothing.
 */
export function meteredRunner(context: DomainContext) {
  /**
   * `succeeded`: whether the result is a success to charge (decode-robust answers "nothing found" in a result);
   * `units`: what a success is charged as, in operations (an issue's copies).
   */
  async function run<T>(
    credential: WatermarkCaller,
    operation: OperationName,
    work: (caller: Caller, job: RunJob) => T | Promise<T>,
    succeeded: (result: T) => boolean = () => true,
    units = 1,
  ): Promise<T> {
    const caller = await authorise(context, credential, operation, units);
    const use = { userId: caller.userId, plan: caller.plan, operation, tokenId: caller.tokenId, units };
    let result: T;
    try {
      result = await work(caller, context.work.forRequest());
    } catch (error) {
      // the token was used, but nothing is charged
      await context.charges.submit({ ...use, charge: false });
      throw error;
    }
    await context.charges.submit({ ...use, charge: OPERATION_RULES[operation].charged && succeeded(result) });
    return result;
  }
  return run;
}

export function createWatermark(context: DomainContext): Watermark {
  const run = meteredRunner(context);
  /** A signed mark names its key; decoding again with the keys the caller may know verifies it. */
  async function verified<T>(
    caller: Caller,
    read: (keys?: VerifyingKey[]) => Promise<T>,
    reports: (result: T) => SignatureReport[],
  ) {
    const first = await read();
    const named = reports(first).flatMap((r) => (r.status === 'unknown_key' ? [r.key_id!] : []));
    if (named.length === 0) return first;
    const keys = await verifyingKeysFor(context, caller.userId, [...new Set(named)]);
    if (keys.length === 0) return first;
    const known = new Set(keys.map((key) => key.keyId));
    const checks = named.filter((keyId) => known.has(keyId)).length;
    if (checks > MAX_SIGNATURES_CHECKED) {
      throw invalid(
        {
          text:
            `holds ${checks} signed marks of known signers; a decode checks at most ${MAX_SIGNATURES_CHECKED} ` +
            '(wm verify with the published key set checks any number offline)',
        },
        `Too many signed marks to verify in one request (${checks}, at most ${MAX_SIGNATURES_CHECKED})`,
      );
    }
    return read(keys);
  }
  return {
    identify: async (apiToken) => {
      const periodStart = quotaPeriod(context.now()).start.getTime();
      return { identified: await activeCallerOf(context, apiToken, periodStart), periodStart };
    },
    encode: (credential, { text, secret, ...options }) =>
      run(credential, 'encode', ({ key, signingKey }, job) =>
        tokenDoesNotSign(() => job('encode', { text, secret, options: { ...options, key, signingKey } })),
      ),
    encodeRobust: (credential, { text, secret, ...options }) =>
      run(credential, 'encode_robust', ({ key, signingKey }, job) =>
        tokenDoesNotSign(() => job('encode-robust', { text, secret, options: { ...options, key, signingKey } })),
      ),
    decode: (credential, { text, rawRuns, acceptUnkeyed }) =>
      run(credential, 'decode', (caller, job) =>
        verified(
          caller,
          (keys) =>
            job('decode', { text, options: { key: caller.key, keys, rawRuns, ...trust(caller, acceptUnkeyed) } }),
          (result) => result.watermarks.map((found) => found.signature),
        ),
      ),
    decodeRobust: (credential, { text, acceptUnkeyed }) =>
      run(
        credential,
        'decode_robust',
        (caller, job) =>
          verified(
            caller,
            (keys) =>
              job('decode-robust', { text, options: { key: caller.key, keys, ...trust(caller, acceptUnkeyed) } }),
            // every robust mark, not only the first: a text may hold several passages by several signers
            (result) => result.watermarks.map((found) => found.signature),
          ),
        (result) => result.is_encoded,
      ),
    analyze: (credential, { encoded, original }) =>
      run(credential, 'analyze', (_caller, job) => job('analyze', { encoded, original })),
    c2paSign: (credential, input) =>
      run(credential, 'c2pa_sign', (caller) =>
        signWithChannel(context, caller.channelId, input, { name: 'wm', version: VERSION }),
      ),
    strip: (credential, { text }) => run(credential, 'strip', (_caller, job) => job('strip', { text })),
    reveal: (credential, { text }, budget = FULL_REVEAL_BUDGET) =>
      run(credential, 'reveal', async (_caller, job) => {
        const characters = Math.min(budget.characters, MAX_REVEALED_CHARACTERS);
        if (text.length > characters) {
          const message =
            `The text has ${text.length} characters; the server reveals at most ${MAX_REVEALED_CHARACTERS} per ` +
            `request (${characters} left in this one): reveal it offline (wm reveal)`;
          throw invalid({ text: message }, message);
        }
        try {
          return await job('reveal', { text, maxHidden: Math.min(budget.hidden, MAX_REVEALED_HIDDEN) });
        } catch (error) {
          if (!(error instanceof CodecError)) throw error;
          throw invalid({ text: error.message }, error.message);
        }
      }),
  };
}

export type Caller = Omit<TokenUse, 'operation' | 'charge'> & {
  /** the token's channel; null for an unkeyed token */
  channelId: string | null;
  key: Uint8Array | undefined;
  /** whether the token's own marks are keyed: a key given to a token that only signs reads its channel's marks */
  keyedToken: boolean;
  /** the token's signing key, for the encode operations of a token that signs */
  signingKey: SigningKey | undefined;
};

const ENCODE_OPERATIONS: readonly OperationName[] = ['encode', 'encode_robust'];

/**
 * The most signatures one decode checks. A 1 MiB body can hold thousands of small signed frames naming a published
 * key (forged ones too), and checking them all would cost many times an unsigned decode of the same size
 * (docs/PERFORMANCE.md, "Signed marks"). Real texts hold a handful of marks.
 */
export const MAX_SIGNATURES_CHECKED = 256;

/**
 * The codec refuses bindText without a signing key; on a server the signing key is the API token's, so the refusal
 * names the token (and the wire's field).
 */
async function tokenDoesNotSign<T>(encode: () => Promise<T>): Promise<T> {
  try {
    return await encode();
  } catch (error) {
    if (!(error instanceof CodecError && error.option === 'bindText')) throw error;
    throw invalid(
      { bind_text: 'needs an API token that signs (created with sign on a channel with a signing key)' },
      'bind_text binds the text to a signature: this API token does not sign',
    );
  }
}

/** The token and account behind a credential, with the account's count in the quota period starting at `start`. */
async function callerOf(context: DomainContext, credential: WatermarkCaller, start: number) {
  if (isIdentified(credential)) {
    if (credential.periodStart === start) return credential.identified;
    // read in the period before, whose count is another period's: read again (undefined when revoked meanwhile)
    const token = await context.store.apiTokens.byId(credential.identified.tokenId);
    return token && context.store.apiTokens.callerByHash(token.tokenHash, start);
  }
  if (typeof credential !== 'string') {
    // a 404, never a 401: the account's session is fine, the token it names is not one of its own (any more)
    const notFound = () =>
      new DomainError('NOT_FOUND', 'You have no API token with this id', { details: { tokenId: 'not found' } });
    const token = await context.store.apiTokens.byId(credential.tokenId);
    if (!token || token.userId !== credential.userId) throw notFound();
    const caller = await context.store.apiTokens.callerByHash(token.tokenHash, start);
    if (!caller) throw notFound();
    return caller;
  }
  if (!credential) throw new DomainError('UNAUTHENTICATED', 'An API token is required');
  if (!isWellFormedApiTokenSecret(credential)) throw revoked();
  return context.store.apiTokens.callerByHash(hashSecret(credential), start);
}

/** The token and account behind a credential, refused when the token is unknown or the account suspended. */
async function activeCallerOf(context: DomainContext, credential: WatermarkCaller, start: number) {
  const caller = await callerOf(context, credential, start);
  if (!caller) throw revoked();
  refuseSuspended(caller);
  return caller;
}

async function authorise(
  context: DomainContext,
  credential: WatermarkCaller,
  operation: OperationName,
  units: number,
): Promise<Caller> {
  const { start, end } = quotaPeriod(context.now());
  const caller = await activeCallerOf(context, credential, start.getTime());
  if (caller.emailVerifiedAt === null) {
    throw new DomainError('EMAIL_NOT_VERIFIED', 'Watermark operations need a verified email address');
  }
  const allowed = OPERATION_RULES[operation].permissions;
  if (!allowed.some((p) => caller.permissions.includes(p))) {
    throw new DomainError('PERMISSION_DENIED', `This API token lacks the ${allowed.join(' or ')} permission`, {
      details: { required: allowed.join(' or ') },
    });
  }
  // refused early, before the codec's work; the charge decides again when it is applied
  const refusal = chargeRefusal(context.config, caller.plan, caller.requestsMade, caller.balance, end, units);
  if (refusal) {
    context.observer.charge?.(refusal.code);
    throw refusal;
  }
  const encoding = ENCODE_OPERATIONS.includes(operation);
  // a token that signs without encrypting still reads its channel's encrypted marks
  // copies are sealed and read with the account's copy-mark key, never a token's (docs/SECURITY.md, round four)
  const encrypts = caller.channelId !== null && (caller.encrypt || !encoding) && !isAccountOperation(operation);
  const key = encrypts ? await keyOf(context, caller.channelId!) : undefined;
  const signingKey =
    caller.sign && caller.channelId !== null && encoding ? await signingKeyOf(context, caller.channelId) : undefined;
  const keyedToken = caller.channelId !== null && caller.encrypt;
  return {
    userId: caller.userId,
    plan: caller.plan,
    tokenId: caller.tokenId,
    channelId: caller.channelId,
    key,
    signingKey,
    keyedToken,
  };
}

/**
 * A key means keyed (docs/SERVER.md): a keyed token's decode answers only with keyed marks unless the caller accepts
 * unkeyed ones. A token that only signs makes unkeyed (signed) marks itself, so for it the key only opens the
 * channel's encrypted marks and every mark is read, as for an unkeyed token.
 */
const trust = (caller: Caller, acceptUnkeyed: boolean | undefined) => ({
  acceptUnkeyed: acceptUnkeyed || !caller.keyedToken,
});

async function signingKeyOf(context: DomainContext, channelId: string): Promise<SigningKey> {
  const signingKey = await currentSigningKey(context, channelId);
  // a signing token is made only for a channel with a key, and keys are rotated, never removed
  if (!signingKey) throw new Error(`the signing key of channel ${channelId} is missing`);
  return signingKey;
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
