import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { WM } from './codec-harness.js';

type Cache = 'built' | 'garbage' | 'missing';

/**
 * Each check compiles a bundle in a process of its own: V8 keeps a compilation cache per isolate, so a second
 * compile of the same source in one process never consults the code cache it is given (on Node 24 the rejected
 * cache then read as accepted). A bundle apart's exports are the modules the CLI's bundle asks it for.
 */
const A_FUNCTION_OF: Record<string, string> = {
  'wm.cjs': 'exports.main',
  'wm-scan.cjs': "exports['src/cli/scan/run-scan.ts'].runScan",
  'wm-server.cjs': "exports['src/cli/admin/users.ts'].listUsers",
};

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
    const runs = typeof ${A_FUNCTION_OF[bundle]} === 'function';
    process.stdout.write(JSON.stringify({ rejected: script.cachedDataRejected, runs }));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as {
    rejected: boolean | undefined;
    runs: boolean;
  };
}

describe('bin/wm.js loads each bundle with the code cache made at build time', () => {
  for (const bundle of Object.keys(A_FUNCTION_OF)) {
    it(`this Node accepts the cache of ${bundle}`, () => {
      expect(compileInFreshProcess(bundle, 'built')).toEqual({ rejected: false, runs: true });
    });

    it(`${bundle} compiles from source when its cache is rejected or missing`, () => {
      expect(compileInFreshProcess(bundle, 'garbage')).toEqual({ rejected: true, runs: true });
      expect(compileInFreshProcess(bundle, 'missing')).toEqual({ runs: true });
    });
  }
});
