import { mkdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export const DATABASE_FILE = 'wm.db';
export const MASTER_KEY_FILE = 'master.key';

/** The data folder named by `--home DIR`, else by WM_HOME; undefined when neither names one. */
export function namedDataHome(home: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (home) return resolve(home);
  if (env.WM_HOME) return resolve(env.WM_HOME);
  return undefined;
}

/** The data folder: `--home DIR`, else WM_HOME, else ~/.wm. */
export function resolveDataHome(home: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return namedDataHome(home, env) ?? join(homedir(), '.wm');
}

/** Creates the data folder (owner-only) when missing. */
export function ensureDataHome(home: string): string {
  mkdirSync(home, { recursive: true, mode: 0o700 });
  return home;
}

/**
 * Part of the data folder does not exist, and the command only reads (it does not create a data folder). An I/O
 * failure, like a missing file (`code` ENOENT).
 */
export class MissingDataError extends Error {
  override readonly name = 'MissingDataError';
  readonly code = 'ENOENT';
}

const HOW_TO_CREATE = 'create one with `wm db migrate` or `wm users create`, or name another with --home or WM_HOME';

/** Refuses a data folder that does not exist (or is not a folder), naming it. */
export function requireDataHome(home: string): void {
  const found = statSync(home, { throwIfNoEntry: false });
  if (!found?.isDirectory()) throw new MissingDataError(`no data folder at ${home}: ${HOW_TO_CREATE}`);
}

/** Refuses a missing file of the data folder. */
export function requireDataFile(file: string, what: string): void {
  if (!statSync(file, { throwIfNoEntry: false })?.isFile()) {
    throw new MissingDataError(`no ${what} at ${file}: the data folder is incomplete; ${HOW_TO_CREATE}`);
  }
}
