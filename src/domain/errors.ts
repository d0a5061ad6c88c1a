import { errorKind } from '../error-kind.js';

/**
 * Every refusal of a domain rule. One table outside the domain (src/ops/domain-status.ts) gives each `code` its
 * HTTP status; the server answers with it, and the CLI's exit code follows from it, offline and over the network
 * alike. The domain never knows about either.
 */
export type DomainErrorCode =
  /** invalid or missing input; `details` holds per-field messages */
  | 'VALIDATION'
  /** registration or email change with an address already in use */
  | 'EMAIL_TAKEN'
  /** login: unknown email or wrong password (deliberately the same answer); password change: wrong current password */
  | 'INVALID_CREDENTIALS'
  /** missing, malformed, expired or revoked access/refresh credential, or its user no longer exists */
  | 'UNAUTHENTICATED'
  /** an API token that does not exist (revoked = deleted) or is malformed */
  | 'TOKEN_REVOKED'
  /** the resource exists but belongs to another account (e.g. another user's API token) */
  | 'FORBIDDEN'
  /** the API token lacks the permission the operation needs; `details.required` names it */
  | 'PERMISSION_DENIED'
  /** watermark operations need a verified email address */
  | 'EMAIL_NOT_VERIFIED'
  /** the account is suspended (open payment dispute); everything is refused */
  | 'ACCOUNT_SUSPENDED'
  /** no such resource in the caller's account */
  | 'NOT_FOUND'
  /** a unique value exists already (e.g. channel name in the account) */
  | 'CONFLICT'
  /** signing channels need a paid plan (free allows none) */
  | 'PLAN_REQUIRED'
  /** the plan's limit of active signing channels is reached; `details.limit` */
  | 'PLAN_LIMIT'
  /** not enough credits; `balance` and `cost` are set */
  | 'PAYMENT_REQUIRED'
  /** the plan's monthly limit of watermark operations (the API's quota) is reached; `resetsAt` is set */
  | 'QUOTA_EXHAUSTED'
  /** too many password attempts from the client's address or on the account; `retryAt` is set */
  | 'TOO_MANY_ATTEMPTS'
  /** every password-hashing slot, or every worker thread, is taken and the waiting line is full; `retryAt` is set */
  | 'BUSY'
  /** a request's work went past its time budget or a worker's memory and was stopped (docs/SERVER.md) */
  | 'WORK_LIMIT';

export interface DomainErrorOptions {
  /** per-field messages for VALIDATION; small facts otherwise */
  details?: Record<string, string>;
  /** PAYMENT_REQUIRED: the current balance */
  balance?: number;
  /** PAYMENT_REQUIRED: what the operation costs */
  cost?: number;
  /** QUOTA_EXHAUSTED: when the quota period ends */
  resetsAt?: Date;
  /** TOO_MANY_ATTEMPTS, BUSY: when trying again makes sense */
  retryAt?: Date;
}

export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly details?: Record<string, string>;
  readonly balance?: number;
  readonly cost?: number;
  readonly resetsAt?: Date;
  readonly retryAt?: Date;

  constructor(
    readonly code: DomainErrorCode,
    message: string,
    options: DomainErrorOptions = {},
  ) {
    super(message);
    this.details = options.details;
    this.balance = options.balance;
    this.cost = options.cost;
    this.resetsAt = options.resetsAt;
    this.retryAt = options.retryAt;
  }
}

export const isDomainError = errorKind(DomainError, 'DomainError');

/** A VALIDATION error for one or more fields. */
export function invalid(details: Record<string, string>, message = 'Invalid input'): DomainError {
  return new DomainError('VALIDATION', message, { details });
}

export const accountGone = (): DomainError => new DomainError('UNAUTHENTICATED', 'The account no longer exists');
