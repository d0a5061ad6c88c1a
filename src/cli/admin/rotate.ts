import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { CliError, EXIT } from '../errors.js';
import { print, type AdminOptions } from './output.js';

/** The new key waits here until the database is re-sealed, so an interrupted rotation can be run again. */
const PENDING_FILE = 'master.key.new';

interface RotateOptions extends AdminOptions {
  newKeyEnv?: string;
}

function hexKey(name: string, value: string | undefined): Buffer {
  if (!value || !/^[0-9a-fA-F]{64}$/.test(value)) throw new CliError(EXIT.USAGE, `${name} must hold 64 hexadecimal characters (32 bytes)`);
  return Buffer.from(value, 'hex');
}

function writeKeyFile(file: string, key: Uint8Array): void {
  const fd = openSync(file, 'wx', 0o600);
  try {
    writeSync(fd, key);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The pending key of an interrupted rotation, or a fresh one written as pending. */
function pendingKey(home: string): Buffer {
  const file = join(home, PENDING_FILE);
  try {
    const key = readFileSync(file);
    if (key.length !== 32) throw new CliError(EXIT.USAGE, `${file} must hold exactly 32 bytes; remove it to start over`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32);
  writeKeyFile(file, key);
  return key;
}

export async function rotateMasterKey(options: RotateOptions): Promise<void> {
  const { ensureDataHome, resolveDataHome, loadMasterKey, openStore, DATABASE_FILE, MASTER_KEY_FILE } = await import('../../store/index.js');
  const { resealChannelKeys } = await import('../../domain/master-key-rotation.js');
  const home = ensureDataHome(resolveDataHome(options.home));
  const fromEnvironment = Boolean(process.env.WM_MASTER_KEY);
  if (fromEnvironment && !options.newKeyEnv) {
    throw new CliError(
      EXIT.USAGE,
      'the master key comes from WM_MASTER_KEY: put the new key in another variable, name it with --new-key-env NAME, then set WM_MASTER_KEY to it',
    );
  }
  const oldKey = loadMasterKey(home);
  const newKey = options.newKeyEnv ? hexKey(options.newKeyEnv, process.env[options.newKeyEnv]) : pendingKey(home);
  if (newKey.equals(oldKey)) throw new CliError(EXIT.USAGE, 'the new master key is the current one');

  const store = openStore(join(home, DATABASE_FILE));
  let result;
  try {
    result = resealChannelKeys(store, oldKey, newKey);
  } finally {
    store.close();
  }
  if (!fromEnvironment) {
    const pending = join(home, PENDING_FILE);
    if (options.newKeyEnv) writeKeyFile(pending, newKey);
    // atomic: master.key is the old key until the database holds the new seals, then the new one
    renameSync(pending, join(home, MASTER_KEY_FILE));
  }
  print(
    options,
    { channels_resealed: result.resealed, channels_already_resealed: result.alreadyResealed, master_key: fromEnvironment ? 'WM_MASTER_KEY' : 'master.key' },
    [
      `Re-sealed ${result.resealed} channel key(s) under the new master key${result.alreadyResealed ? ` (${result.alreadyResealed} already were)` : ''}.`,
      fromEnvironment
        ? `Set WM_MASTER_KEY to the value of ${options.newKeyEnv} before starting wm serve again.`
        : `${join(home, MASTER_KEY_FILE)} now holds the new key; back it up with the database.`,
      'Access tokens signed with the old key no longer verify: clients refresh (refresh tokens keep working) or log in again.',
    ],
  );
}
