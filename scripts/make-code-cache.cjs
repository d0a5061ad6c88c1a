// Makes the V8 code cache of each bundle a command runs (see bin/wm.js), in the bundle folder given (a build's, being
// made): wm.cjs.cache for the CLI's bundle, wm-scan.cjs.cache and wm-server.cjs.cache beside it. Compiles the
// bundles from source, runs the commands a user runs most (the codec commands and scan, and the admin commands on a
// fresh data folder) so that the functions they compile are in the caches too, then writes V8's cached data of every
// bundle that ran. Run by build-cli.mjs with stdout ignored.
'use strict';
const { mkdtempSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');
const { codeCacheOf, compiled, loadBundle } = require('../bin/wm.js');

const BUNDLE = join(resolve(process.argv[2]), 'wm.cjs');

const PROSE = 'The quick brown fox jumps over the lazy dog, and the dog does not mind at all. '.repeat(40);

async function exercise(main) {
  const dir = mkdtempSync(join(tmpdir(), 'wm-code-cache-'));
  try {
    const carrier = join(dir, 'carrier.txt');
    const marked = join(dir, 'marked.txt');
    const home = join(dir, 'home');
    writeFileSync(carrier, PROSE);
    const commands = [
      ['--version'],
      ['encode', '--secret', 'code cache', '-o', marked, carrier],
      ['decode', marked],
      ['analyze', marked],
      ['strip', marked],
      ['scan', dir],
      ['db', 'migrate', '--home', home],
      ['users', 'list', '--home', home],
    ];
    for (const args of commands) {
      const code = await main(['node', 'wm', ...args]);
      if (code !== 0) throw new Error(`wm ${args.join(' ')} exited with ${code}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function makeCodeCaches() {
  for (const bundle of [BUNDLE, ...compiled.keys()]) rmSync(codeCacheOf(bundle), { force: true });
  await exercise(loadBundle(BUNDLE).main);
  for (const [bundle, script] of compiled) {
    writeFileSync(`${codeCacheOf(bundle)}.tmp`, script.createCachedData());
    renameSync(`${codeCacheOf(bundle)}.tmp`, codeCacheOf(bundle));
  }
}

makeCodeCaches().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exitCode = 1;
});
