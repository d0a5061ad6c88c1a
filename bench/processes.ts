import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = process.env.WM_BENCH_ROOT ?? process.cwd();
/** where run.mjs put the bundled helper scripts */
export const OUT = process.env.WM_BENCH_OUT ?? join(ROOT, 'node_modules', '.cache', 'wm-bench');
export const WM = join(ROOT, 'bin', 'wm.js');

/** Runs `node args…` to completion; throws with its stderr when it fails. */
export function node(args: string[], options: SpawnSyncOptions = {}): string {
  const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 30, ...options });
  if (result.status !== 0)
    throw new Error(`node ${args.join(' ')} failed (${result.status}): ${String(result.stderr)}`);
  return String(result.stdout ?? '');
}

export const wm = (args: string[], options: SpawnSyncOptions = {}): string => node([WM, ...args], options);

/** A scratch folder, removed at exit. */
export function scratchDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wm-bench-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export interface BenchAccount {
  email: string;
  password: string;
  /** API token secret with encode and decode permissions */
  token: string;
}

/**
 * A verified pro account with plenty of credits and an API token, made with the admin CLI in `home` (or, with
 * `database`, in that PostgreSQL database under that master key).
 */
export function createAccount(home: string, name: string, database?: { url: string; masterKey: string }): BenchAccount {
  const email = `${name}@bench.example`;
  const password = 'Bench password 42!';
  const env = database
    ? { ...process.env, WM_DATABASE_URL: database.url, WM_MASTER_KEY: database.masterKey }
    : undefined;
  const wm = (args: string[], options: SpawnSyncOptions = {}) => node([WM, ...args], { env, ...options });
  wm(
    [
      'users',
      'create',
      '--home',
      home,
      '--email',
      email,
      '--username',
      name,
      '--verified',
      '--plan',
      'pro',
      '--password-stdin',
    ],
    {
      input: `${password}\n`,
    },
  );
  wm(['credits', 'grant', '--home', home, email, '1000000000']);
  const created = JSON.parse(
    wm([
      'tokens',
      'create',
      '--home',
      home,
      '--user',
      email,
      '--name',
      'bench',
      '--permissions',
      'encode,decode',
      '--json',
    ]),
  ) as { token: string };
  return { email, password, token: created.token };
}
