import { isCodecError, type CodecError, type CodecErrorCode } from 'wm-watermark-codec/errors';
import { isDomainError, type DomainError, type DomainErrorCode } from '../domain/errors.js';
import { domainStatusOf } from '../ops/domain-status.js';
import { C2PA_PRESENT, NOT_FOUND_CODE, UNREADABLE_MESSAGES } from '../ops/failure.js';
import { WORK_LIMIT_CODE } from '../client/errors.js';
import { isDatabaseUnavailable } from '../store/index.js';
import { HttpError, type ErrorExtras } from './http-error.js';

/** What the error table needs to know about the running server. */
export interface ErrorMapContext {
  checkoutUrl: () => string;
  now?: () => Date;
}

type Rule<E> = (error: E, context: ErrorMapContext) => HttpError;

/** A refusal's answer: the status of its code (src/ops/domain-status.ts), its message and details, and `more`. */
const refusal =
  (more: { error?: string; extras?: ErrorExtras } = {}): Rule<DomainError> =>
  (failure) =>
    new HttpError(domainStatusOf(failure), failure.message, { ...more, details: failure.details });

/**
 * One of the spec's fixed messages, the codec's own in details.text and its error code in `code`, and what the text
 * carries beside: its C2PA manifest, its unframed selector runs.
 */
const fixedMessage =
  (code: number, message: string): Rule<CodecError> =>
  (failure) =>
    new HttpError(code, message, {
      details: { text: failure.message },
      extras: {
        code: failure.code,
        ...(failure.c2pa ? { c2pa: failure.c2pa } : {}),
        ...(failure.rawRuns ? { raw_runs: failure.rawRuns } : {}),
      },
    });

function retryAfterSeconds(until: Date | undefined, now: Date): number {
  return until ? Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)) : 60;
}

/** A refusal to be retried later: `Retry-After` in seconds until `retryAt` (domain clock). */
const retryLater: Rule<DomainError> = (failure, context) =>
  new HttpError(domainStatusOf(failure), failure.message, {
    headers: { 'retry-after': String(retryAfterSeconds(failure.retryAt, (context.now ?? (() => new Date()))())) },
  });

/**
 * THE answers of the HTTP face to the domain's refusals whose answer says more than their message and details (an
 * error name, a mark, the balance, when to retry); the others are `refusal()`. Every status is the refusal's
 * code's.
 */
const DOMAIN_ANSWERS: Partial<Record<DomainErrorCode, Rule<DomainError>>> = {
  ACCOUNT_SUSPENDED: refusal({ error: 'AccountSuspended' }),
  // marked, so that a client tells it from a route the server does not have (another program, another version)
  NOT_FOUND: refusal({ extras: { code: NOT_FOUND_CODE } }),
  PAYMENT_REQUIRED: (failure, context) =>
    new HttpError(
      domainStatusOf(failure),
      `Insufficient credits: your balance is ${failure.balance ?? 0}, this operation costs ${failure.cost ?? 1}`,
      {
        error: 'Payment Required',
        extras: { balance: failure.balance ?? 0, checkout_url: context.checkoutUrl() },
      },
    ),
  QUOTA_EXHAUSTED: (failure, context) => {
    const seconds = retryAfterSeconds(failure.resetsAt, (context.now ?? (() => new Date()))());
    return new HttpError(domainStatusOf(failure), failure.message, {
      extras: failure.resetsAt ? { resets_at: failure.resetsAt.toISOString() } : {},
      headers: { 'retry-after': String(seconds) },
    });
  },
  TOO_MANY_ATTEMPTS: retryLater,
  BUSY: retryLater,
  // marked, so that a client does not send the same request again only to have it stopped again
  WORK_LIMIT: refusal({ extras: { code: WORK_LIMIT_CODE } }),
};

const CODEC_STATUS: Record<CodecErrorCode, Rule<CodecError>> = {
  INVALID_INPUT: (failure) => new HttpError(400, failure.message),
  PATTERN_NOT_FOUND: (failure) => new HttpError(400, failure.message, { details: { pattern: failure.message } }),
  CARRIER_TOO_SHORT: (failure) =>
    new HttpError(400, 'Text too short to embed watermark', {
      details: { text: failure.message },
      extras: failure.requiredLength !== undefined ? { required_length: failure.requiredLength } : {},
    }),
  NO_WATERMARK: (failure, context) =>
    fixedMessage(422, `${UNREADABLE_MESSAGES.NO_WATERMARK}${failure.c2pa ? C2PA_PRESENT : ''}`)(failure, context),
  CORRUPTED: fixedMessage(422, UNREADABLE_MESSAGES.CORRUPTED),
  KEY_MISMATCH: fixedMessage(422, UNREADABLE_MESSAGES.DECRYPTION_FAILED),
  KEY_REQUIRED: fixedMessage(422, UNREADABLE_MESSAGES.DECRYPTION_FAILED),
  // a keyed token cannot read the text as a mark of its channel: the spec's message for that, `code` says why
  UNKEYED: fixedMessage(422, UNREADABLE_MESSAGES.DECRYPTION_FAILED),
};

/** Seconds a client is told to wait when the database does not answer (a restart takes about that long). */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** The HTTP answer for a typed error, or undefined when the error is not one of ours. */
export function toHttpError(error: unknown, context: ErrorMapContext): HttpError | undefined {
  if (isDomainError(error)) return (DOMAIN_ANSWERS[error.code] ?? refusal())(error, context);
  if (isCodecError(error)) return CODEC_STATUS[error.code](error, context);
  // nothing of the request was kept (the unit of work never committed): retrying is safe
  if (isDatabaseUnavailable(error)) {
    return new HttpError(503, 'The database is unavailable; retry shortly', {
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
    });
  }
  return undefined;
}
