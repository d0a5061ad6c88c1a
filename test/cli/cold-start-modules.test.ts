import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { CARRIER, WM, cleanEnv, makeTempDir, runWm } from './codec-harness.js';

const temp = makeTempDir();
afterAll(() => temp.remove());

/** Node's built-in modules that only a server needs: a codec command that loads one pays for it at every start. */
const SERVER_ONLY_BUILTINS = ['net', 'http', 'https', 'tls', 'dns', 'zlib', 'worker_threads', 'child_process'];

/** The built-in modules a `wm` command loaded, listed by a preloaded script when the process exits. */
function builtinsLoadedBy(args: string[]): string[] {
  const list = temp.path(`modules-${args[0]}.txt`);
  const preload = temp.path('list-modules.cjs');
  writeFileSync(
    preload,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, ` +
      `process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).join('\\n')));\n`,
  );
  // stdout to a file, as a shell redirection or the benchmark does (a pipe would load net for the pipe itself)
  const run = spawnSync(process.execPath, ['--require', preload, WM, ...args], {
    env: cleanEnv(),
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return readFileSync(list, 'utf8')
    .split('\n')
    .map((line) => line.replace('NativeModule ', ''));
}

describe('codec commands load nothing of the server', () => {
  it('wm --version and wm decode load none of the built-in modules only a server needs', async () => {
    const marked = temp.path('marked.txt');
    const encoded = await runWm(['encode', '--secret', 'cold'], { input: CARRIER });
    writeFileSync(marked, encoded.out);
    for (const args of [['--version'], ['decode', marked]]) {
      const loaded = builtinsLoadedBy(args);
      expect(loaded).toContain('fs');
      expect(loaded.filter((name) => SERVER_ONLY_BUILTINS.includes(name))).toEqual([]);
    }
  });
});
