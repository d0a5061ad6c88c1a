import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureDataHome, resolveDataHome } from '../../store/data-folder.js';
import { writeFileAtomic } from '../codec/io.js';
import { CliError, EXIT } from '../errors.js';

/** What `wm login` keeps: the server and an API token of its own. Never the password, never a session. */
export interface StoredLogin {
  server: string;
  /** the API token secret; the file is readable by its owner only */
  token: string;
  token_id: string;
  token_name: string;
  email: string;
  created_at: string;
}

export const LOGIN_FILE = 'login.json';
const OWNER_ONLY = 0o600;

export const loginPathOf = (home: string | undefined): string => join(resolveDataHome(home), LOGIN_FILE);

export async function readStoredLogin(home: string | undefined): Promise<StoredLogin | undefined> {
  const path = loginPathOf(home);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CliError(EXIT.IO, `cannot read ${path}: ${(error as Error).message}`);
  }
  const login = JSON.parse(text) as Partial<StoredLogin>;
  if (typeof login.server !== 'string' || typeof login.token !== 'string') {
    throw new CliError(EXIT.IO, `${path} is not a stored login (run wm login again)`);
  }
  return login as StoredLogin;
}

export async function requireStoredLogin(home: string | undefined): Promise<StoredLogin> {
  const login = await readStoredLogin(home);
  if (!login) throw new CliError(EXIT.USAGE, `not logged in (no ${loginPathOf(home)}): run wm login --server URL`);
  return login;
}

export async function writeStoredLogin(home: string | undefined, login: StoredLogin): Promise<string> {
  const path = join(ensureDataHome(resolveDataHome(home)), LOGIN_FILE);
  await writeFileAtomic(path, `${JSON.stringify(login, null, 2)}\n`, { mode: OWNER_ONLY });
  return path;
}

export async function removeStoredLogin(home: string | undefined): Promise<void> {
  await rm(loginPathOf(home), { force: true });
}
