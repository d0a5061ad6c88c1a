import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { WM } from './codec-harness.js';

/**
 * Each check compiles the bundle in a process of its own: V8 keeps a compilation cache per isolate, so a second
 * compile of the same source in one process never consults the code cache it is given (on Node 24 the rejected
 * cache then read as accepted).
 */
function compileInFreshProcess(cache: 'built' | 'garbage'): { rejected: boolean; hasMain: boolean } {
  const cacheSource =
    cache === 'built' ? "require('node:fs').readFileSync(loader.CODE_CACHE)" : "Buffer.from('not a code cache')";
  const script = `
    const loader = require(${JSON.stringify(WM)});
    const cache = ${cacheSource};
    const script = loader.compileBundle(cache);
    const hasMain = typeof loader.runBundle(script).main === 'function';
    process.stdout.write(JSON.stringify({ rejected: script.cachedDataRejected, hasMain }));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' })) as {
    rejected: boolean;
    hasMain: boolean;
  };
}

describe('bin/wm.js loads the bundle with the code cache made at build time', () => {
  it('this Node accepts the cache', () => {
    expect(compileInFreshProcess('built')).toEqual({ rejected: false, hasMain: true });
  });

  it('falls back to compiling from source when the cache is rejected', () => {
    expect(compileInFreshProcess('garbage')).toEqual({ rejected: true, hasMain: true });
  });
});
