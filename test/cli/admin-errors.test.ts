import { describe, expect, it } from 'vitest';
import { CodecError, type CodecErrorCode } from 'wm-watermark-codec/errors';
import { describeFailure } from '../../src/cli/errors.js';
import { DomainError, type DomainErrorCode } from '../../src/domain/errors.js';
import { failureOfAnswer } from '../../src/ops/failure.js';
import { failureOf } from '../../src/server/failure.js';

/** Every code of the domain's refusals (the type makes the list whole), with the exit code it documents. */
const EXITS: Record<DomainErrorCode, number> = {
  VALIDATION: 2,
  EMAIL_TAKEN: 2,
  INVALID_CREDENTIALS: 5,
  UNAUTHENTICATED: 5,
  TOKEN_REVOKED: 5,
  FORBIDDEN: 5,
  PERMISSION_DENIED: 5,
  EMAIL_NOT_VERIFIED: 5,
  ACCOUNT_SUSPENDED: 5,
  NOT_FOUND: 2,
  CONFLICT: 2,
  PLAN_REQUIRED: 5,
  PLAN_LIMIT: 5,
  PAYMENT_REQUIRED: 6,
  QUOTA_EXHAUSTED: 6,
  TOO_MANY_ATTEMPTS: 6,
  BUSY: 4,
  WORK_LIMIT: 4,
};

const context = { checkoutUrl: () => 'https://pay.example/checkout', now: () => new Date('2025-03-31T23:59:00Z') };

/** Each refusal as the domain raises it, the wrong current password (a field of a valid session) too. */
const refusals = (Object.keys(EXITS) as DomainErrorCode[])
  .map(
    (code) =>
      new DomainError(code, `refused: ${code}`, {
        balance: 0,
        cost: 1,
        resetsAt: new Date('2025-04-01T00:00:00Z'),
        retryAt: new Date('2025-04-01T00:00:00Z'),
      }),
  )
  .concat(new DomainError('INVALID_CREDENTIALS', 'Wrong password', { details: { currentPassword: 'is wrong' } }));

describe('describeFailure for account rules, codec failures and the database', () => {
  it('gives a domain refusal its message and the exit code of its kind', () => {
    expect(describeFailure(new DomainError('PLAN_REQUIRED', 'Signing channels need the starter or pro plan'))).toEqual({
      exitCode: 5,
      message: 'Signing channels need the starter or pro plan',
    });
    for (const refusal of refusals.slice(0, -1))
      expect(describeFailure(refusal).exitCode, refusal.code).toBe(EXITS[refusal.code]);
    expect(describeFailure(refusals.at(-1)).exitCode).toBe(2);
  });

  it('exits alike offline and over the network: a refusal and a server’s answer to it read back by a client', () => {
    for (const refusal of refusals) {
      const answer = failureOf(refusal, context);
      const remote = failureOfAnswer(answer.status, answer.body, answer.retryAfterSeconds, 'POST http://host/api/x');
      expect(describeFailure(refusal).exitCode, `${refusal.code} (${answer.status})`).toBe(
        describeFailure(remote).exitCode,
      );
      expect(remote.kind, refusal.code).toBe(answer.kind);
    }
  });

  it('exits alike for a codec failure: run here, or answered by a server and read back by a client', () => {
    const codes: Record<CodecErrorCode, number> = {
      INVALID_INPUT: 2,
      CARRIER_TOO_SHORT: 2,
      PATTERN_NOT_FOUND: 2,
      NO_WATERMARK: 1,
      CORRUPTED: 3,
      KEY_REQUIRED: 3,
      KEY_MISMATCH: 3,
      UNKEYED: 11,
    };
    for (const [code, exit] of Object.entries(codes) as [CodecErrorCode, number][]) {
      const failure = new CodecError(code, `failed: ${code}`, code === 'CARRIER_TOO_SHORT' ? 40 : undefined);
      const answer = failureOf(failure, context);
      const remote = failureOfAnswer(answer.status, answer.body, answer.retryAfterSeconds, 'POST http://host/api/x');
      expect([describeFailure(failure).exitCode, describeFailure(remote).exitCode], code).toEqual([exit, exit]);
    }
  });

  it('maps SQLite failures, also when drizzle wraps them, to exit 4 without the query text', () => {
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    const wrapped = new Error('Failed query: update users set password_hash = ? params: $scrypt$...', { cause: busy });
    expect(describeFailure(wrapped)).toEqual({ exitCode: 4, message: 'database is locked' });
  });
});
