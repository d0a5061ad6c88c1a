import { errorKind } from '../error-kind.js';

/**
 * A backup or restore refused: `invalid` (not a backup, a database already there, a passphrase too short: the
 * caller's to fix) or `integrity` (a wrong passphrase or master key, a damaged file: the data does not check out).
 */
export class BackupError extends Error {
  override readonly name = 'BackupError';

  constructor(
    readonly kind: 'invalid' | 'integrity',
    message: string,
  ) {
    super(message);
  }
}

export const isBackupError = errorKind(BackupError, 'BackupError');
