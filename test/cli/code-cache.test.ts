import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { WM } from './codec-harness.js';

type Cache = 'built' | 'garbage' | 'missing';

/**
 * Each check compiles a bundle in a process of its own: V8 keeps a compilation cache per isolate, so a second
 * compile of the same source in one process never consults the code cache it is given (on Node 24 the rejected
 * cache then read as accepted). The server bundle's exports are the modules the CLI's bundle asks it for.
 */
function compileInFreshProcess(bundle: string, cache: Cache): { rejected: boolean | undefined; runs: boolean } {
  const cacheSource = {
    built: 'require("node:fs").readFileSync(loader.codeCacheOf(file))',
    garbage: 'Buffer.from("not a code cache")',
    missing: 'undefined',
  }[cache];
  const script = `
    const loader = require(${JSON.stringify(WM)});
    const file = require('node:path').join(loader.BUNDLE_DIR, ${JSON.stringify(bundle)});
    const script = loader.compileBundle(file, ${cacheSource});
    const exports = loader.runBundle(file, script);
    const runs = typeof (exports.main ?? exports['src/cli/admin/users.ts'].listUsers) === 'function';
    process.stdout.write(JSON.stringify({ rejected: script.cachedDataRejected, runs }));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as {
    rejected: boolean | undefined;
    runs: boolean;
  };
}

describe('bin/wm.js loads each bundle with the code cache made at build time', () => {
  for (const bundle of ['wm.cjs', 'wm-server.cjs']) {
    it(`this Node accepts the cache of ${bundle}`, () => {
      expect(compileInFreshProcess(bundle, 'built')).toEqual({ rejected: false, runs: true });
    });

    it(`${bundle} compiles from source when its cache is rejected or missing`, () => {
      expect(compileInFreshProcess(bundle, 'garbage')).toEqual({ rejected: true, runs: true });
      expect(compileInFreshProcess(bundle, 'missing')).toEqual({ runs: true });
    });
  }
});
