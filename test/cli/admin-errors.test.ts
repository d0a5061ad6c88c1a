import { describe, expect, it } from 'vitest';
import { describeFailure } from '../../src/cli/errors.js';
import { DomainError } from '../../src/domain/errors.js';

describe('describeFailure for account rules and the database', () => {
  it('maps domain refusals to exit 2 with their message', () => {
    expect(describeFailure(new DomainError('PLAN_REQUIRED', 'Signing channels need the starter or pro plan'))).toEqual({
      exitCode: 2,
      message: 'Signing channels need the starter or pro plan',
    });
  });

  it('maps SQLite failures, also when drizzle wraps them, to exit 4 without the query text', () => {
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    const wrapped = new Error('Failed query: update users set password_hash = ? params: $scrypt$...', { cause: busy });
    expect(describeFailure(wrapped)).toEqual({ exitCode: 4, message: 'database is locked' });
  });
});
