import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export const DATABASE_FILE = 'wm.db';
export const MASTER_KEY_FILE = 'master.key';

/** The data folder: `--home DIR`, else WM_HOME, else ~/.wm. */
export function resolveDataHome(home: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (home) return resolve(home);
  if (env.WM_HOME) return resolve(env.WM_HOME);
  return join(homedir(), '.wm');
}

/** Creates the data folder (owner-only) when missing. */
export function ensureDataHome(home: string): string {
  mkdirSync(home, { recursive: true, mode: 0o700 });
  return home;
}
