import { readFile } from 'node:fs/promises';
import { CliError, EXIT } from '../errors.js';
import { promptSecret } from './ask.js';
import { print, type AdminOptions } from './output.js';

interface PassphraseOptions {
  passphraseFile?: string;
}

/** From --passphrase-file (its first line) or a masked prompt on a terminal; never from the command line. */
async function readPassphrase(options: PassphraseOptions, confirm: boolean): Promise<string> {
  if (options.passphraseFile) {
    const line = (await readFile(options.passphraseFile, 'utf8')).split(/\r?\n/, 1)[0];
    if (!line) throw new CliError(EXIT.USAGE, `the passphrase file ${options.passphraseFile} is empty`);
    return line;
  }
  if (process.stdin.isTTY !== true) {
    throw new CliError(
      EXIT.USAGE,
      'missing passphrase: use --passphrase-file FILE when standard input is not a terminal',
    );
  }
  return promptSecret('Passphrase', confirm ? 'Repeat the passphrase' : undefined);
}

/**
 * Backups and restores are of a SQLite data folder: with --database or WM_DATABASE_URL naming PostgreSQL, the
 * command is refused before it touches anything (a restore would otherwise fill a data folder that no instance reads).
 */
async function refuseSharedDatabase(options: AdminOptions, message: string): Promise<void> {
  const { resolveDatabaseUrl } = await import('../../store/index.js');
  if (resolveDatabaseUrl(options.database, process.env) !== undefined) throw new CliError(EXIT.USAGE, message);
}

export async function backupDb(
  file: string,
  options: AdminOptions & PassphraseOptions & { withKey?: boolean },
): Promise<void> {
  if (options.passphraseFile && !options.withKey) {
    throw new CliError(EXIT.USAGE, '--passphrase-file protects a bundle: add --with-key');
  }
  await refuseSharedDatabase(
    options,
    'wm db backup copies the SQLite database of a data folder; back up a PostgreSQL database with pg_dump ' +
      '(README, "Several servers"), and keep the master key apart from the dump',
  );
  const passphrase = options.withKey ? await readPassphrase(options, true) : undefined;
  const { backupDataFolder } = await import('../../data-folder/index.js');
  const result = await backupDataFolder({ home: options.home, file, passphrase });
  print(
    options,
    { file: result.file, bytes: result.bytes, master_key_included: result.withKey },
    result.withKey
      ? [
          `Backup bundle written to ${result.file} (${result.bytes} bytes, checked): ` +
            'the database and the master key, ' +
            'encrypted under the passphrase.',
          'Without the passphrase the bundle cannot be opened: keep it safe, apart from the bundle.',
        ]
      : [
          `Backup written to ${result.file} (${result.bytes} bytes, integrity checked).`,
          `It does not contain the master key: keep ${result.home}/master.key (or WM_MASTER_KEY) safe, apart from ` +
            'it; without that key the channel keys in the backup cannot be opened. wm db backup --with-key writes ' +
            'both into one encrypted file.',
        ],
  );
}

export async function restoreDb(
  file: string,
  options: AdminOptions & PassphraseOptions & { force?: boolean },
): Promise<void> {
  await refuseSharedDatabase(
    options,
    'wm db restore puts a backup into the SQLite database of a data folder; a PostgreSQL database is restored ' +
      'from its dump with pg_restore (README, "Several servers")',
  );
  const { restoreDataFolder } = await import('../../data-folder/index.js');
  const result = await restoreDataFolder({
    home: options.home,
    file,
    force: options.force,
    passphrase: () => readPassphrase(options, false),
  });
  const { counts } = result;
  print(
    options,
    {
      home: result.home,
      file: result.file,
      bundle: result.bundle,
      master_key: result.masterKey,
      channel_keys_checked: result.channels,
      counts: { users: counts.users, api_tokens: counts.apiTokens, channels: counts.channels },
      replaced: result.replaced,
    },
    [
      `Restored ${result.file} into ${result.home}: ${counts.users} account(s), ${counts.apiTokens} API token(s), ` +
        `${counts.channels} channel(s); every channel key opens with ${result.masterKey}.`,
      ...(result.replaced.length > 0 ? [`Kept what it replaced: ${result.replaced.join(', ')}`] : []),
      'Start wm serve when ready.',
    ],
  );
}
