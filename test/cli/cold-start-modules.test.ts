import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { CARRIER, WM, cleanEnv, makeTempDir, runWm } from './codec-harness.js';

const temp = makeTempDir();
afterAll(() => temp.remove());

/** Node's built-in modules that only a server needs: a codec command that loads one pays for it at every start. */
const SERVER_ONLY_BUILTINS = ['net', 'http', 'https', 'tls', 'dns', 'zlib', 'worker_threads', 'child_process'];

/**
 * What a `wm` command loaded: the built-in modules, and the bundles of its build's bundle/ folder it read (bin/wm.js
 * reads each with fs.readFileSync), listed by a preloaded script when the process exits.
 */
function loadedBy(args: string[], stdout: 'ignore' | 'pipe' = 'ignore'): { builtins: string[]; bundles: string[] } {
  const list = temp.path(`modules-${args.join('-').replace(/[^\w-]/g, '')}.json`);
  const preload = temp.path('list-modules.cjs');
  writeFileSync(
    preload,
    `const fs = require('node:fs');
const readFileSync = fs.readFileSync;
const bundles = [];
fs.readFileSync = function (path, ...rest) {
  const name = String(path).match(/[\\\\/]bundle[\\\\/]([^\\\\/]+\\.cjs)$/);
  if (name) bundles.push(name[1]);
  return readFileSync.call(this, path, ...rest);
};
process.on('exit', () => fs.writeFileSync(${JSON.stringify(list)}, JSON.stringify({
  builtins: process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13)),
  bundles,
})));\n`,
  );
  const run = spawnSync(process.execPath, ['--require', preload, WM, ...args], {
    env: cleanEnv(),
    stdio: ['ignore', stdout, 'pipe'],
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(readFileSync(list, 'utf8')) as { builtins: string[]; bundles: string[] };
}

describe('codec commands load nothing of the server', () => {
  it('--version, decode and analyze load no built-in module only a server needs, and only the CLI bundle', async () => {
    const marked = temp.path('marked.txt');
    const encoded = await runWm(['encode', '--secret', 'cold'], { input: CARRIER });
    writeFileSync(marked, encoded.out);
    for (const args of [['--version'], ['decode', marked], ['analyze', marked]]) {
      const { builtins, bundles } = loadedBy(args);
      expect(builtins).toContain('fs');
      expect(builtins.filter((name) => SERVER_ONLY_BUILTINS.includes(name))).toEqual([]);
      expect(bundles, args.join(' ')).toEqual(['wm.cjs']);
    }
  });

  // Node's stream for stdout loads the stream modules (a pipe's also net): src/cli/stdout.ts writes around it
  it('--version and decode to a pipe or /dev/null make no stream for stdout', async () => {
    const marked = temp.path('marked.txt');
    writeFileSync(marked, (await runWm(['encode', '--secret', 'cold'], { input: CARRIER })).out);
    for (const stdout of ['pipe', 'ignore'] as const) {
      for (const args of [['--version'], ['decode', marked]]) {
        expect(loadedBy(args, stdout).builtins, `${args.join(' ')} > ${stdout}`).not.toContain('stream');
      }
    }
  });

  it('an admin command reads the server bundle; scan and the signer-name check read their own', async () => {
    const home = temp.path('home');
    expect(loadedBy(['db', 'migrate', '--home', home]).bundles).toEqual(['wm.cjs', 'wm-server.cjs']);
    expect(loadedBy(['scan', temp.path('.')]).bundles).toEqual(['wm.cjs', 'wm-scan.cjs']);
    const keys = ['one', 'two'].map((name) => temp.path(`${name}.key`));
    for (const key of keys) expect((await runWm(['keygen', '--sign', '-o', key])).code).toBe(0);
    const signed = temp.path('signed.txt');
    writeFileSync(signed, (await runWm(['encode', '--secret', 'cold', '--sign-key', keys[0]], { input: CARRIER })).out);
    const pubs = keys.flatMap((key) => ['--keys', key.replace(/\.key$/, '.pub')]);
    const verifying = loadedBy(['verify', ...pubs, signed]);
    expect(verifying.bundles).toEqual(['wm.cjs', 'wm-names.cjs']);
    // key files, not addresses: none of the network code that --keys https://… loads
    expect(verifying.builtins.filter((name) => SERVER_ONLY_BUILTINS.includes(name))).toEqual([]);
  });

  it('the C2PA commands read their own bundle, and verify reads it only for a text with a C2PA manifest', async () => {
    const key = temp.path('press.key');
    expect(loadedBy(['c2pa', 'keygen', '-o', key]).bundles).toEqual(['wm.cjs', 'wm-c2pa.cjs']);
    const signed = temp.path('c2pa-signed.txt');
    const sign = ['c2pa', 'sign', '--key', key, '--cert', temp.path('press.crt'), '-o', signed];
    writeFileSync(temp.path('plain.txt'), CARRIER);
    expect(loadedBy([...sign, temp.path('plain.txt')]).bundles).toEqual(['wm.cjs', 'wm-c2pa.cjs']);
    const trusted = ['verify', '--trust', temp.path('press.root.crt')];
    expect(loadedBy([...trusted, signed]).bundles).toEqual(['wm.cjs', 'wm-c2pa.cjs']);
    const pub = temp.path('one.pub');
    const marked = temp.path('marked-signed.txt');
    writeFileSync(
      marked,
      (await runWm(['encode', '--secret', 'cold', '--sign-key', temp.path('one.key')], { input: CARRIER })).out,
    );
    expect(loadedBy(['verify', '--keys', pub, marked]).bundles).not.toContain('wm-c2pa.cjs');
  });
});
