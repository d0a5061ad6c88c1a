import { describe, expect, it, vi } from 'vitest';
import { CliError, EXIT, describeFailure } from '../../src/cli/errors.js';
import { BackupError } from '../../src/domain/backup-error.js';
import { DomainError } from '../../src/domain/errors.js';
import { isHttpError } from '../../src/server/http-error.js';

/**
 * The CLI's bundle describes failures thrown by the server bundle, whose copies of the error classes are other
 * classes (dist/bundle/, docs/PERFORMANCE.md). A fresh instance of each module stands for the other bundle's copy.
 */
async function otherCopies() {
  vi.resetModules();
  const [cli, domain, backup, client, failure, http, codec] = await Promise.all([
    import('../../src/cli/errors.js'),
    import('../../src/domain/errors.js'),
    import('../../src/domain/backup-error.js'),
    import('../../src/client/errors.js'),
    import('../../src/ops/failure.js'),
    import('../../src/server/http-error.js'),
    import('wm-watermark-codec/errors'),
  ]);
  return { cli, domain, backup, client, failure, http, codec };
}

describe('errors are recognised across bundles, not by instanceof', () => {
  it('each kind of error made by another copy of its class gets its own exit code and message', async () => {
    const other = await otherCopies();
    const cases: [Error, { exitCode: number; message: string }][] = [
      [new other.cli.CliError(EXIT.FAIL_ON, 'a finding'), { exitCode: EXIT.FAIL_ON, message: 'a finding' }],
      [new other.domain.DomainError('BUSY', 'every slot taken'), { exitCode: EXIT.IO, message: 'every slot taken' }],
      [
        new other.backup.BackupError('integrity', 'wrong passphrase'),
        { exitCode: EXIT.INTEGRITY, message: 'wrong passphrase' },
      ],
      [
        new other.codec.CodecError('CORRUPTED', 'checksum mismatch'),
        { exitCode: EXIT.INTEGRITY, message: 'checksum mismatch' },
      ],
      [
        new other.failure.OperationFailure('out-of-credits', 'no credits'),
        { exitCode: EXIT.OUT_OF_CREDITS, message: 'no credits' },
      ],
      [new other.client.ConnectionError('unreachable', 'no route'), { exitCode: EXIT.IO, message: 'no route' }],
      [new other.client.NotWmServerError('an HTML page'), { exitCode: EXIT.IO, message: 'an HTML page' }],
    ];
    // the copies are other classes: instanceof alone would miss every one
    expect(new other.cli.CliError(1, 'x')).not.toBeInstanceOf(CliError);
    expect(new other.domain.DomainError('BUSY', 'x')).not.toBeInstanceOf(DomainError);
    expect(new other.backup.BackupError('integrity', 'x')).not.toBeInstanceOf(BackupError);
    for (const [error, expected] of cases) expect(describeFailure(error), error.name).toEqual(expected);
  });

  it('the server recognises another copy of HttpError, and nothing else passes for one', async () => {
    const other = await otherCopies();
    expect(isHttpError(new other.http.HttpError(409, 'taken'))).toBe(true);
    const lookalike = Object.assign(new Error('taken'), { name: 'HttpError', statusCode: 409 });
    expect(isHttpError(lookalike)).toBe(false);
    expect(isHttpError(new other.domain.DomainError('CONFLICT', 'taken'))).toBe(false);
    expect(describeFailure(Object.assign(new Error('x'), { name: 'CliError', exitCode: EXIT.IO }))).toEqual({
      exitCode: EXIT.USAGE,
      message: 'x',
    });
  });

  it('the mark changes nothing an error shows: it prints and compares as before', () => {
    const error = new DomainError('NOT_FOUND', 'no such user');
    expect(Object.getOwnPropertySymbols(error)).toEqual([]);
    expect(Object.keys(error)).not.toContain('kind');
    expect(error).toEqual(new DomainError('NOT_FOUND', 'no such user'));
  });
});
