import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { MASTER_KEY_FILE, requireDataFile } from './data-folder.js';

export const MASTER_KEY_BYTES = 32;
export const MASTER_KEY_VARIABLE = 'WM_MASTER_KEY';

/** Where the master key comes from: WM_MASTER_KEY when set, else `master.key` in the data folder. */
export type MasterKeySource = { kind: 'environment'; variable: string } | { kind: 'file'; file: string };

/** The one reader of WM_MASTER_KEY's presence. */
export function masterKeySource(home: string, env: NodeJS.ProcessEnv = process.env): MasterKeySource {
  const fromEnv = env[MASTER_KEY_VARIABLE];
  return fromEnv !== undefined && fromEnv !== ''
    ? { kind: 'environment', variable: MASTER_KEY_VARIABLE }
    : { kind: 'file', file: join(home, MASTER_KEY_FILE) };
}

/** A key given as 64 hexadecimal characters in the variable `name` (WM_MASTER_KEY, or the new key of a rotation). */
export function hexKeyFrom(name: string, value: string | undefined): Buffer {
  if (!value || !new RegExp(`^[0-9a-fA-F]{${MASTER_KEY_BYTES * 2}}$`).test(value)) {
    throw new Error(`${name} must be ${MASTER_KEY_BYTES * 2} hexadecimal characters (${MASTER_KEY_BYTES} bytes)`);
  }
  return Buffer.from(value, 'hex');
}

/**
 * WM_MASTER_KEY (64 hex characters) when set; otherwise `master.key` in the data folder, created with mode 0600
 * on first use when `create` (else a missing file is refused). Losing it makes channel keys undecryptable and
 * signs out everybody, so it is never regenerated.
 */
export function loadMasterKey(
  home: string,
  env: NodeJS.ProcessEnv = process.env,
  options: { create?: boolean } = {},
): Uint8Array {
  const source = masterKeySource(home, env);
  if (source.kind === 'environment') return hexKeyFrom(source.variable, env[source.variable]);
  const { file } = source;
  if (options.create === false) requireDataFile(file, 'master key');
  try {
    return checkLength(readFileSync(file), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(MASTER_KEY_BYTES);
  try {
    // 'wx' fails if another process created it meanwhile; then that one's key wins
    writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return checkLength(readFileSync(file), file);
  }
}

function checkLength(key: Buffer, file: string): Buffer {
  if (key.length !== MASTER_KEY_BYTES) {
    throw new Error(`${file} must hold exactly ${MASTER_KEY_BYTES} bytes (found ${key.length})`);
  }
  return key;
}

/** During a rotation, the new key waits here until the database is re-sealed, so an interrupted one can run again. */
const PENDING_FILE = 'master.key.new';

/** The pending key of an interrupted rotation, or a fresh one written as pending. */
export function pendingMasterKey(home: string): Buffer {
  const file = join(home, PENDING_FILE);
  try {
    const key = readFileSync(file);
    if (key.length !== MASTER_KEY_BYTES) {
      throw new Error(`${file} must hold exactly ${MASTER_KEY_BYTES} bytes; remove it to start over`);
    }
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(MASTER_KEY_BYTES);
  writeKeyFile(file, key);
  return key;
}

/**
 * Makes `key` the data folder's master key: written as pending first unless it is the pending key already, then
 * renamed over `master.key` (atomic: the file holds the old key or the new one, never neither).
 */
export function installMasterKey(home: string, key: Uint8Array, options: { pendingAlready: boolean }): string {
  const pending = join(home, PENDING_FILE);
  if (!options.pendingAlready) writeKeyFile(pending, key);
  const file = join(home, MASTER_KEY_FILE);
  renameSync(pending, file);
  return file;
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
