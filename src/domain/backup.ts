import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, rmSync } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  DATABASE_FILE,
  ForeignDatabaseError,
  MASTER_KEY_FILE,
  MissingDataError,
  ensureDataHome,
  findDatabaseFailure,
  hexKeyFrom,
  installMasterKey,
  isDatabaseFile,
  loadMasterKey,
  lockDataFolder,
  masterKeySource,
  openDataFolder,
  openDataFolderDatabase,
  openDatabaseCopy,
  resolveDataHome,
  type Store,
} from '../store/index.js';
import { isBundle, readBundle, requireStrongPassphrase, writeBundle } from './backup-bundle.js';
import { BackupError } from './backup-error.js';
import { deriveKeys, openSealedKey } from './keys.js';

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
async function syncFolder(folder: string): Promise<void> {
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

export interface RestoreResult {
  home: string;
  /** the backup restored */
  file: string;
  bundle: boolean;
  /** where the master key that opens the restored channel keys is */
  masterKey: 'master.key from the bundle' | 'master.key' | 'WM_MASTER_KEY';
  /** channel keys checked against the master key */
  channels: number;
  counts: { users: number; apiTokens: number; channels: number };
  /** what the restore moved aside (the database and master key it replaced) */
  replaced: string[];
}

/** The data folder's master key, if it has one: WM_MASTER_KEY, else master.key when the file exists. */
function folderMasterKey(home: string, env: NodeJS.ProcessEnv) {
  const source = masterKeySource(home, env);
  if (source.kind === 'environment') {
    return { source, key: hexKeyFrom(source.variable, env[source.variable]) as Uint8Array | undefined };
  }
  return { source, key: existsSync(source.file) ? loadMasterKey(home, env, { create: false }) : undefined };
}

const notABackup = (file: string) =>
  new BackupError('invalid', `${file} is not a wm backup: neither a wm database nor a bundle`);

/** Opens the copy being restored, telling "not a backup" and "damaged" apart from other failures. */
async function openCopy(copy: string, source: string): Promise<Store> {
  try {
    return await openDatabaseCopy(copy);
  } catch (error) {
    const code = findDatabaseFailure(error)?.code ?? '';
    if (code === 'SQLITE_NOTADB' || error instanceof ForeignDatabaseError) throw notABackup(source);
    if (code.startsWith('SQLITE_CORRUPT')) throw new BackupError('integrity', `${source} is damaged (${code})`);
    throw error;
  }
}

/** How many channel keys of `store` the master key does not open, of how many. */
async function unopenedChannelKeys(store: Store, masterKey: Uint8Array) {
  const wrap = deriveKeys(masterKey).channelWrap;
  const sealed = await store.channels.sealedKeys();
  const failed = sealed.filter(({ id, sealedKey }) => {
    try {
      openSealedKey(wrap, sealedKey, id);
      return false;
    } catch {
      return true;
    }
  });
  return { failed: failed.length, total: sealed.length };
}

/** Moves `file` (and a database's -wal and -shm beside it) aside as `<file>.replaced-<stamp>`; the new names. */
async function moveAside(file: string, stamp: string): Promise<string[]> {
  const moved: string[] = [];
  for (const suffix of ['', '-wal', '-shm']) {
    if (!existsSync(`${file}${suffix}`)) continue;
    await rename(`${file}${suffix}`, `${file}.replaced-${stamp}${suffix}`);
    moved.push(`${file}.replaced-${stamp}${suffix}`);
  }
  return moved;
}

/**
 * `wm db restore FILE`: makes FILE (a backup, or a bundle opened with `passphrase()`) the database of a data folder
 * no server is using (the folder's lock, taken for maintenance, says so; a missing folder is created). The copy is
 * migrated to this version's schema and checked — SQLite's integrity check, and every channel key against the
 * master key it will be used with — in the data folder, before anything is replaced; a database (and a different
 * master key) already there is replaced only with `force`, and kept beside it. On any refusal nothing changes.
 */
export async function restoreDataFolder(options: {
  home?: string;
  env?: NodeJS.ProcessEnv;
  file: string;
  passphrase: () => Promise<string>;
  force?: boolean;
}): Promise<RestoreResult> {
  const env = options.env ?? process.env;
  const source = resolve(options.file);
  const head = Buffer.alloc(16);
  const handle = await open(source, 'r');
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  const bundle = isBundle(head);
  if (!bundle && !isDatabaseFile(head)) throw notABackup(source);
  const home = resolveDataHome(options.home, env);
  const createdHome = !existsSync(home);
  ensureDataHome(home);
  const copy = join(home, `.${DATABASE_FILE}.restore-${randomBytes(6).toString('hex')}.tmp`);
  let lock;
  try {
    lock = await lockDataFolder(home, 'maintenance');
    const database = join(home, DATABASE_FILE);
    if (existsSync(database) && !options.force) {
      throw new BackupError(
        'invalid',
        `${home} has a database already: add --force to replace it (it is kept as ${DATABASE_FILE}.replaced-<time>)`,
      );
    }
    const folderKey = folderMasterKey(home, env);
    let masterKey: Uint8Array;
    let installKey = false;
    if (bundle) {
      masterKey = await readBundle(source, await options.passphrase(), copy);
      const differs = folderKey.key !== undefined && !Buffer.from(folderKey.key).equals(masterKey);
      installKey = folderKey.source.kind === 'file' && (differs || folderKey.key === undefined);
      if (differs && folderKey.source.kind === 'environment') {
        throw new BackupError(
          'invalid',
          `${folderKey.source.variable} is set to another master key than the bundle's: unset it, so that the ` +
            `bundle's key is written to ${MASTER_KEY_FILE}, or set it to the bundle's key`,
        );
      }
      if (differs && !options.force) {
        throw new BackupError(
          'invalid',
          `${home} has another ${MASTER_KEY_FILE} than the bundle's: add --force to replace it (it is kept as ` +
            `${MASTER_KEY_FILE}.replaced-<time>)`,
        );
      }
    } else {
      if (!folderKey.key) {
        throw new BackupError(
          'invalid',
          `no master key for this backup: a backup file holds none; copy the ${MASTER_KEY_FILE} of the data folder ` +
            `the backup was made from to ${home} (or set WM_MASTER_KEY), or restore a bundle (wm db backup --with-key)`,
        );
      }
      masterKey = folderKey.key;
      await pipeline(createReadStream(source), createWriteStream(copy, { flags: 'wx', mode: 0o600 }));
    }
    const keyWhere = folderKey.source.kind === 'environment' ? 'WM_MASTER_KEY' : 'master.key';
    const restored = await openCopy(copy, source);
    let channels: number;
    let counts: RestoreResult['counts'];
    try {
      const problems = await restored.checkIntegrity();
      if (problems.length > 0) {
        throw new BackupError('integrity', `${source} fails SQLite's integrity check: ${problems.join('; ')}`);
      }
      const { failed, total } = await unopenedChannelKeys(restored, masterKey);
      if (failed > 0) {
        throw new BackupError(
          'integrity',
          `the master key (${keyWhere}) does not open the channel keys of this backup (${failed} of ${total}): ` +
            `it is not the key of the data folder the backup was made from; use that folder's ${MASTER_KEY_FILE} ` +
            '(or WM_MASTER_KEY), or a bundle made with wm db backup --with-key. Nothing was changed',
        );
      }
      channels = total;
      counts = (await restored.describe()).counts;
    } finally {
      await restored.close();
    }
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const replaced: string[] = [];
    if (installKey && folderKey.source.kind === 'file') {
      replaced.push(...(await moveAside(folderKey.source.file, stamp)));
      installMasterKey(home, masterKey, { pendingAlready: false });
    }
    replaced.push(...(await moveAside(database, stamp)));
    await rename(copy, database);
    await syncFolder(home);
    const masterKeyAt: RestoreResult['masterKey'] = installKey ? 'master.key from the bundle' : keyWhere;
    return { home, file: source, bundle, masterKey: masterKeyAt, channels, counts, replaced };
  } catch (error) {
    if (createdHome) {
      lock?.release();
      lock = undefined;
      rmSync(home, { recursive: true, force: true });
    }
    throw error;
  } finally {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${copy}${suffix}`, { force: true });
    lock?.release();
  }
}
