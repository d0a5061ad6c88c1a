import type { DomainErrorCode } from '../domain/errors.js';
import { kindOfStatus, type FailureKind } from './failure.js';

/** What of a refusal of a domain rule its status depends on. */
interface Refusal {
  code: DomainErrorCode;
  details?: Record<string, string>;
}

/**
 * THE status of each refusal of a domain rule. A server answers with it (src/server/error-map.ts), and the CLI,
 * running the domain in its own process, reads the refusal's kind (its exit code) from it as it reads a server's
 * answer: a refusal exits alike offline and over the network.
 */
const DOMAIN_STATUS: Record<DomainErrorCode, number> = {
  VALIDATION: 400,
  EMAIL_TAKEN: 409,
  INVALID_CREDENTIALS: 401,
  UNAUTHENTICATED: 401,
  TOKEN_REVOKED: 401,
  FORBIDDEN: 403,
  PERMISSION_DENIED: 403,
  EMAIL_NOT_VERIFIED: 403,
  ACCOUNT_SUSPENDED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PLAN_REQUIRED: 403,
  PLAN_LIMIT: 403,
  PAYMENT_REQUIRED: 402,
  QUOTA_EXHAUSTED: 429,
  TOO_MANY_ATTEMPTS: 429,
  // every password-hashing slot is taken: the server is the one that cannot, for now
  BUSY: 503,
  // the server stopped the work it would not finish within its limits: nothing was done, nothing charged
  WORK_LIMIT: 503,
};

export function domainStatusOf(refusal: Refusal): number {
  // login: 401; a wrong *current* password (password change, with details) is a bad field of a valid session
  if (refusal.code === 'INVALID_CREDENTIALS' && refusal.details) return 400;
  return DOMAIN_STATUS[refusal.code];
}

/** The kind of a refusal of a domain rule: the kind of its status, wherever the domain ran. */
export const domainFailureKindOf = (refusal: Refusal): FailureKind => kindOfStatus(domainStatusOf(refusal));
