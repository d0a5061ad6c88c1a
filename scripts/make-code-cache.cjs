// Makes dist/bundle/wm.cjs.cache (see bin/wm.js): compiles the bundle, runs the codec commands a user runs most
// so that the functions they compile are in the cache too, then writes V8's cached data. Run by build-cli.mjs
// with stdout ignored.
'use strict';
const { mkdtempSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { CODE_CACHE, compileBundle, runBundle } = require('../bin/wm.js');

const PROSE = 'The quick brown fox jumps over the lazy dog, and the dog does not mind at all. '.repeat(40);

async function exercise(main) {
  const dir = mkdtempSync(join(tmpdir(), 'wm-code-cache-'));
  try {
    const carrier = join(dir, 'carrier.txt');
    const marked = join(dir, 'marked.txt');
    writeFileSync(carrier, PROSE);
    const commands = [
      ['--version'],
      ['encode', '--secret', 'code cache', '-o', marked, carrier],
      ['decode', marked],
      ['analyze', marked],
      ['strip', marked],
    ];
    for (const args of commands) {
      const code = await main(['node', 'wm', ...args]);
      if (code !== 0) throw new Error(`wm ${args.join(' ')} exited with ${code}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function makeCodeCache() {
  const script = compileBundle(undefined);
  await exercise(runBundle(script).main);
  writeFileSync(`${CODE_CACHE}.tmp`, script.createCachedData());
  renameSync(`${CODE_CACHE}.tmp`, CODE_CACHE);
}

makeCodeCache().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exitCode = 1;
});
