import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, rmSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  DATABASE_FILE,
  ForeignDatabaseError,
  MASTER_KEY_FILE,
  ensureDataHome,
  findDatabaseFailure,
  hexKeyFrom,
  installMasterKey,
  isDatabaseFile,
  loadMasterKey,
  lockDataFolder,
  masterKeySource,
  openDatabaseCopy,
  resolveDataHome,
  type MasterKeySource,
  type Store,
} from '../store/index.js';
import { isBundle, readBundle } from '../domain/backup-bundle.js';
import { BackupError } from '../domain/backup-error.js';
import { syncFolder } from './backup.js';
import { deriveKeys, openSealedKey } from '../domain/keys.js';

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

export interface RestoreOptions {
  home?: string;
  env?: NodeJS.ProcessEnv;
  file: string;
  /** asked only for a bundle */
  passphrase: () => Promise<string>;
  force?: boolean;
}

const notABackup = (file: string) =>
  new BackupError('invalid', `${file} is not a wm backup: neither a wm database nor a bundle`);

/** True for a bundle, false for a database; anything else is refused. */
async function isBundleFile(file: string): Promise<boolean> {
  const head = Buffer.alloc(16);
  const handle = await open(file, 'r');
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  if (isBundle(head)) return true;
  if (isDatabaseFile(head)) return false;
  throw notABackup(file);
}

/** The master key the restored database will be used with, and whether the restore writes it to master.key. */
interface RestoredKey {
  key: Uint8Array;
  /** the bundle's key goes to master.key (none there yet, or another one with --force) */
  install: boolean;
  where: RestoreResult['masterKey'];
}

/** The data folder's master key, if it has one: WM_MASTER_KEY, else master.key when the file exists. */
function folderMasterKey(home: string, env: NodeJS.ProcessEnv): { source: MasterKeySource; key?: Uint8Array } {
  const source = masterKeySource(home, env);
  if (source.kind === 'environment') return { source, key: hexKeyFrom(source.variable, env[source.variable]) };
  return { source, key: existsSync(source.file) ? loadMasterKey(home, env, { create: false }) : undefined };
}

const folderKeyName = (source: MasterKeySource) => (source.kind === 'environment' ? 'WM_MASTER_KEY' : 'master.key');

/** A plain backup: copied into the data folder as `copy`; the key must be the folder's already. */
async function copyBackup(source: string, copy: string, home: string, env: NodeJS.ProcessEnv): Promise<RestoredKey> {
  const folder = folderMasterKey(home, env);
  if (!folder.key) {
    throw new BackupError(
      'invalid',
      `no master key for this backup: a backup file holds none; copy the ${MASTER_KEY_FILE} of the data folder ` +
        `the backup was made from to ${home} (or set WM_MASTER_KEY), or restore a bundle (wm db backup --with-key)`,
    );
  }
  await pipeline(createReadStream(source), createWriteStream(copy, { flags: 'wx', mode: 0o600 }));
  return { key: folder.key, install: false, where: folderKeyName(folder.source) };
}

/** A bundle: its database decrypted into `copy`; its key must agree with the folder's, or replace it with force. */
async function unpackBundle(
  source: string,
  copy: string,
  options: RestoreOptions & { home: string },
): Promise<RestoredKey> {
  const folder = folderMasterKey(options.home, options.env ?? process.env);
  const key = await readBundle(source, await options.passphrase(), copy);
  const differs = folder.key !== undefined && !Buffer.from(folder.key).equals(key);
  if (differs && folder.source.kind === 'environment') {
    throw new BackupError(
      'invalid',
      `${folder.source.variable} is set to another master key than the bundle's: unset it, so that the bundle's key ` +
        `is written to ${MASTER_KEY_FILE}, or set it to the bundle's key`,
    );
  }
  if (differs && !options.force) {
    throw new BackupError(
      'invalid',
      `${options.home} has another ${MASTER_KEY_FILE} than the bundle's: add --force to replace it (it is kept as ` +
        `${MASTER_KEY_FILE}.replaced-<time>)`,
    );
  }
  const install = folder.key === undefined || differs;
  return { key, install, where: install ? 'master.key from the bundle' : folderKeyName(folder.source) };
}

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

/** Migrates the copy and checks it: SQLite's integrity check, then every channel key against the master key. */
async function checkCopy(copy: string, source: string, key: RestoredKey) {
  const restored = await openCopy(copy, source);
  try {
    const problems = await restored.checkIntegrity();
    if (problems.length > 0) {
      throw new BackupError('integrity', `${source} fails SQLite's integrity check: ${problems.join('; ')}`);
    }
    const { failed, total } = await unopenedChannelKeys(restored, key.key);
    if (failed > 0) {
      throw new BackupError(
        'integrity',
        `the master key (${key.where}) does not open the channel keys of this backup (${failed} of ${total}): ` +
          `it is not the key of the data folder the backup was made from; use that folder's ${MASTER_KEY_FILE} ` +
          '(or WM_MASTER_KEY), or a bundle made with wm db backup --with-key. Nothing was changed',
      );
    }
    return { channels: total, counts: (await restored.describe()).counts };
  } finally {
    await restored.close();
  }
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

/** Puts the checked copy (and a bundle's key) in place; what it replaced is kept beside. */
async function install(home: string, copy: string, key: RestoredKey): Promise<string[]> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const replaced: string[] = [];
  if (key.install) {
    replaced.push(...(await moveAside(join(home, MASTER_KEY_FILE), stamp)));
    installMasterKey(home, key.key, { pendingAlready: false });
  }
  const database = join(home, DATABASE_FILE);
  replaced.push(...(await moveAside(database, stamp)));
  await rename(copy, database);
  await syncFolder(home);
  return replaced;
}

/**
 * `wm db restore FILE`: makes FILE (a backup, or a bundle opened with `passphrase()`) the database of a data folder
 * no server is using (the folder's lock, taken for maintenance, says so; a missing folder is created). The copy is
 * migrated to this version's schema and checked — SQLite's integrity check, and every channel key against the
 * master key it will be used with — in the data folder, before anything is replaced; a database (and a different
 * master key) already there is replaced only with `force`, and kept beside it. On any refusal nothing changes.
 */
export async function restoreDataFolder(options: RestoreOptions): Promise<RestoreResult> {
  const env = options.env ?? process.env;
  const source = resolve(options.file);
  const bundle = await isBundleFile(source);
  const home = resolveDataHome(options.home, env);
  const createdHome = !existsSync(home);
  ensureDataHome(home);
  const copy = join(home, `.${DATABASE_FILE}.restore-${randomBytes(6).toString('hex')}.tmp`);
  let lock;
  try {
    lock = await lockDataFolder(home, 'maintenance');
    if (existsSync(join(home, DATABASE_FILE)) && !options.force) {
      throw new BackupError(
        'invalid',
        `${home} has a database already: add --force to replace it (it is kept as ${DATABASE_FILE}.replaced-<time>)`,
      );
    }
    const key = bundle
      ? await unpackBundle(source, copy, { ...options, home, env })
      : await copyBackup(source, copy, home, env);
    const { channels, counts } = await checkCopy(copy, source, key);
    const replaced = await install(home, copy, key);
    return { home, file: source, bundle, masterKey: key.where, channels, counts, replaced };
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
