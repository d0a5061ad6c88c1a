import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const WM = join(ROOT, 'bin', 'wm.js');

export interface WmRun {
  code: number | null;
  stdout: Buffer;
  /** stdout decoded as UTF-8 */
  out: string;
  stderr: string;
}

export interface WmRunOptions {
  input?: string | Uint8Array;
  env?: Record<string, string | undefined>;
  cwd?: string;
  nodeArgs?: string[];
}

/** The environment of a plain pipe: no colour forced either way, no debug traces. */
export function cleanEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // WM_SERVER would send the codec commands to a server
  for (const name of ['FORCE_COLOR', 'NO_COLOR', 'WM_DEBUG', 'NODE_OPTIONS', 'WM_SERVER', 'WM_TOKEN']) delete env[name];
  for (const [name, value] of Object.entries(extra)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/** Runs `node [nodeArgs] bin/wm.js args` with stdin, stdout and stderr as pipes. */
export function runWm(args: string[], options: WmRunOptions = {}): Promise<WmRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), WM, ...args], {
      cwd: options.cwd ?? ROOT,
      env: cleanEnv(options.env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const out = Buffer.concat(stdout);
      resolve({ code, stdout: out, out: out.toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') });
    });
    child.stdin.on('error', () => undefined); // the CLI may exit before reading all of stdin
    child.stdin.end(options.input ?? '');
  });
}

/** A fresh temporary directory and its removal. */
export function makeTempDir(): { dir: string; path: (name: string) => string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'wm-cli-'));
  return { dir, path: (name) => join(dir, name), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Hidden selectors (U+FE00–FE0F, U+E0100–E01EF) in a text. */
export const SELECTOR = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu;

export const countSelectors = (text: string): number => text.match(SELECTOR)?.length ?? 0;

export const CARRIER = 'The quick brown fox jumps over the lazy dog, and then it naps in the warm afternoon sun.';
