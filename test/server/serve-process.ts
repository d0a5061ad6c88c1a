import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const WM_BIN = join(root, 'bin', 'wm.js');

export interface ServeProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM and wait; resolves to the exit code */
  stop(): Promise<number | null>;
  /** resolves to the exit code once the process has ended, sending nothing */
  exited: Promise<number | null>;
}

/** Runs the built `wm serve --port 0 --home <home> [args]` and resolves once it prints its address. */
export function startServe(home: string, env: NodeJS.ProcessEnv, args: string[] = []): Promise<ServeProcess> {
  const child = spawn(process.execPath, [WM_BIN, 'serve', '--port', '0', '--home', home, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve, reject) => {
    // only a guard against a server that never starts: a loaded machine may take many seconds
    const timer = setTimeout(() => reject(new Error(`wm serve did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:(\d+))/.exec(output);
      if (match && match[2] !== '0') {
        clearTimeout(timer);
        resolve({ url: match[1], child, output: () => output, stop, exited });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`wm serve exited with ${code}:\n${output}`)));
  });
}

/** Runs another `wm` command on the same data folder. */
export function runWm(home: string, env: NodeJS.ProcessEnv, ...args: string[]) {
  return spawnSync(process.execPath, [WM_BIN, ...args, '--home', home], { env, encoding: 'utf8' });
}
