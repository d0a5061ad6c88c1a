import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Script } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { WM } from './codec-harness.js';

interface BundleLoader {
  CODE_CACHE: string;
  compileBundle(cachedData: Buffer | undefined): Script;
  runBundle(script: Script): { main(argv: string[]): Promise<number> };
}

const loader = createRequire(import.meta.url)(WM) as BundleLoader;

describe('bin/wm.js loads the bundle with the code cache made at build time', () => {
  it('this Node accepts the cache', () => {
    expect(loader.compileBundle(readFileSync(loader.CODE_CACHE)).cachedDataRejected).toBe(false);
  });

  it('falls back to compiling from source when the cache is rejected', () => {
    const script = loader.compileBundle(Buffer.from('not a code cache'));
    expect(script.cachedDataRejected).toBe(true);
    expect(typeof loader.runBundle(script).main).toBe('function');
  });
});
