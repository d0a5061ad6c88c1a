import { isCodecError, type CodecErrorCode } from 'wm-watermark-codec/errors';
import { isClientError, isServerUrlError } from '../client/errors.js';
import { isBackupError } from '../domain/backup-error.js';
import { isDomainError } from '../domain/errors.js';
import { domainFailureKindOf } from '../ops/domain-status.js';
import { codecFailureMessage, failureOfClientError, isOperationFailure, type FailureKind } from '../ops/failure.js';
import { errorKind } from '../error-kind.js';
import { findDatabaseFailure } from '../store/database-failure.js';

/** Exit codes, documented in `wm --help` and the README. */
export const EXIT = {
  OK: 0,
  NO_WATERMARK: 1,
  USAGE: 2,
  INTEGRITY: 3,
  IO: 4,
  /** only a server says these: the token is missing, invalid, revoked or lacks the permission; account refused */
  NOT_AUTHORISED: 5,
  /** out of credits, or the monthly quota or a rate limit reached */
  OUT_OF_CREDITS: 6,
  /** wm verify's verdicts other than valid (0) */
  NOT_SIGNED: 7,
  SIGNATURE_INVALID: 8,
  UNKNOWN_SIGNER: 9,
  TEXT_CHANGED: 10,
  /** a key was given (--key-file, --channel, a keyed token), but the watermarks found are not keyed */
  UNKEYED: 11,
  /** wm scan --fail-on LEVEL: a finding of that level or a graver one */
  FAIL_ON: 12,
  /** wm trace: the leak matched a document by its visible text, but no mark names the recipient */
  DOCUMENT_ONLY: 13,
  /** wm trace: too few words to carry a mark or match a fingerprint: nothing can be said either way */
  TOO_SHORT: 14,
  /** wm trace: a copy's mark authenticates, in a text that shows too little of its document: it names no one */
  UNCONFIRMED_MARK: 15,
} as const;

/** An error the CLI reports as one line on stderr with a chosen exit code. */
export class CliError extends Error {
  override readonly name = 'CliError';

  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const isCliError = errorKind(CliError, 'CliError');

const CODEC_EXIT: Record<CodecErrorCode, number> = {
  INVALID_INPUT: EXIT.USAGE,
  CARRIER_TOO_SHORT: EXIT.USAGE,
  PATTERN_NOT_FOUND: EXIT.USAGE,
  NO_WATERMARK: EXIT.NO_WATERMARK,
  CORRUPTED: EXIT.INTEGRITY,
  KEY_REQUIRED: EXIT.INTEGRITY,
  KEY_MISMATCH: EXIT.INTEGRITY,
  UNKEYED: EXIT.UNKEYED,
};

/** The codec's refusals of an option (error.option), worded with the command's flags. */
const OPTION_PROBLEMS: Record<string, string> = {
  bindText: '--bind-text binds the text to a signature: it needs --sign-key',
};

// A server's answers mean what the local codec's outcomes mean where there is one; the rest is what only a server
// (or the network to it) can say. An unreachable server, or one that does not answer like wm, is I/O.
const FAILURE_EXIT: Record<FailureKind, number> = {
  'invalid-input': EXIT.USAGE,
  'no-watermark': EXIT.NO_WATERMARK,
  integrity: EXIT.INTEGRITY,
  unkeyed: EXIT.UNKEYED,
  unauthorised: EXIT.NOT_AUTHORISED,
  'out-of-credits': EXIT.OUT_OF_CREDITS,
  limited: EXIT.OUT_OF_CREDITS,
  unreachable: EXIT.IO,
  'not-wm-server': EXIT.IO,
  'server-error': EXIT.IO,
};

/** The one place an error becomes an exit code and a message. */
export function describeFailure(thrown: unknown): { exitCode: number; message: string } {
  const error = isClientError(thrown) || isServerUrlError(thrown) ? failureOfClientError(thrown) : thrown;
  if (isCliError(error)) return { exitCode: error.exitCode, message: error.message };
  if (isOperationFailure(error)) return { exitCode: FAILURE_EXIT[error.kind], message: error.message };
  if (isCodecError(error)) {
    const message = (error.option && OPTION_PROBLEMS[error.option]) || codecFailureMessage(error);
    return { exitCode: CODEC_EXIT[error.code], message };
  }
  // a refusal of an account rule exits as the same refusal answered by a server
  if (isDomainError(error)) return { exitCode: FAILURE_EXIT[domainFailureKindOf(error)], message: error.message };
  // a backup that does not check out (wrong passphrase or master key, damaged) is what a wrong key is to a watermark
  if (isBackupError(error))
    return { exitCode: error.kind === 'integrity' ? EXIT.INTEGRITY : EXIT.USAGE, message: error.message };
  if ((error as { code?: unknown } | undefined)?.code === 'DAMAGED_DATABASE') {
    return { exitCode: EXIT.INTEGRITY, message: (error as Error).message };
  }
  // the database's failures (SQLITE_BUSY, SQLITE_CANTOPEN, ...) are I/O; drizzle wraps them, so report the
  // original message (the wrapper's would print the query and its parameters)
  const databaseFailure = findDatabaseFailure(error);
  if (databaseFailure) return { exitCode: EXIT.IO, message: databaseFailure.message };
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) {
    return { exitCode: EXIT.IO, message: (error as Error).message };
  }
  return { exitCode: EXIT.USAGE, message: error instanceof Error ? error.message : String(error) };
}
