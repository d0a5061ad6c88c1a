import { randomBytes } from 'node:crypto';
import { open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { DATABASE_FILE, MissingDataError, openDataFolder, openDataFolderDatabase } from '../store/index.js';
import { requireStrongPassphrase, writeBundle } from '../domain/backup-bundle.js';
import { BackupError } from '../domain/backup-error.js';

export interface BackupResult {
  home: string;
  /** the backup written */
  file: string;
  bytes: number;
  /** a bundle with the master key (`--with-key`), else the database alone */
  withKey: boolean;
}

const tempBeside = (file: string, what: string) =>
  join(dirname(file), `.${basename(file)}.${what}-${randomBytes(6).toString('hex')}.tmp`);

/** A rename is durable once the folder that holds the name is flushed. */
export async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function requireFolder(folder: string): Promise<void> {
  if (!(await stat(folder).catch(() => undefined))?.isDirectory()) {
    throw new MissingDataError(`no folder ${folder} to write the backup into`);
  }
}

/**
 * `wm db backup FILE`: a consistent copy of the data folder's database as of one instant, taken while a server
 * may be writing (the store's online backup), checked, written to a temporary file beside FILE and renamed over it,
 * mode 0600. It never holds the master key, except in a bundle encrypted under `passphrase`.
 */
export async function backupDataFolder(options: {
  home?: string;
  env?: NodeJS.ProcessEnv;
  file: string;
  passphrase?: string;
}): Promise<BackupResult> {
  const target = resolve(options.file);
  const withKey = options.passphrase !== undefined;
  if (withKey) requireStrongPassphrase(options.passphrase!);
  await requireFolder(dirname(target));
  const where = { home: options.home, env: options.env };
  // the master key only goes into a bundle; a plain backup works without knowing it
  const { home, store, masterKey } = withKey
    ? await openDataFolder({ ...where, create: false })
    : { ...(await openDataFolderDatabase(where)), masterKey: undefined };
  const database = tempBeside(target, 'database');
  const bundle = tempBeside(target, 'bundle');
  try {
    if (target === join(home, DATABASE_FILE)) {
      throw new BackupError('invalid', 'the backup would replace the database it copies: name another file');
    }
    await store.backup(database);
    if (masterKey) await writeBundle(bundle, masterKey, database, options.passphrase!);
    await rename(withKey ? bundle : database, target);
    await syncFolder(dirname(target));
    return { home, file: target, bytes: (await stat(target)).size, withKey };
  } finally {
    await store.close();
    await rm(database, { force: true });
    await rm(bundle, { force: true });
  }
}
