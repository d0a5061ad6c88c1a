import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MASTER_KEY_FILE } from './data-home.js';

export const MASTER_KEY_BYTES = 32;

/**
 * WM_MASTER_KEY (64 hex characters) when set; otherwise `master.key` in the data folder, created with mode 0600
 * on first use. Losing it makes channel keys undecryptable and signs out everybody, so it is never regenerated.
 */
export function loadMasterKey(home: string, env: NodeJS.ProcessEnv = process.env): Uint8Array {
  const fromEnv = env.WM_MASTER_KEY;
  if (fromEnv !== undefined && fromEnv !== '') {
    if (!/^[0-9a-fA-F]{64}$/.test(fromEnv)) {
      throw new Error('WM_MASTER_KEY must be 64 hexadecimal characters (32 bytes)');
    }
    return Buffer.from(fromEnv, 'hex');
  }
  const file = join(home, MASTER_KEY_FILE);
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
