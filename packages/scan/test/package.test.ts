import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packDryRun, runReadmeExample } from '../../../test/packed.js';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${PACKAGE_DIR}package.json`, 'utf8')) as {
  name: string;
  version: string;
  exports: Record<string, string | Record<string, string>>;
};

const targets = Object.values(pkg.exports).filter((target) => typeof target === 'object');

describe(`the ${pkg.name} package`, () => {
  const files = packDryRun(PACKAGE_DIR).files.map((file) => file.path);

  it('ships its compiled modules, their types and its README: no sources, maps, tests or benchmarks', () => {
    const unexpected = files.filter(
      (file) => !['package.json', 'README.md'].includes(file) && !/^dist\/.+\.(js|d\.ts)$/.test(file),
    );
    expect(unexpected).toEqual([]);
  });

  it('ships every module its exports name, has the source of each, and carries the version of wm', () => {
    for (const target of targets) {
      expect(files).toContain(target.default.slice(2));
      expect(files).toContain(target.types.slice(2));
      expect(existsSync(`${PACKAGE_DIR}${target['wm-source'].slice(2)}`), target['wm-source']).toBe(true);
    }
    const root = JSON.parse(readFileSync(`${PACKAGE_DIR}../../package.json`, 'utf8')) as { version: string };
    expect(pkg.version).toBe(root.version);
  });

  it('runs the README example as written, from the built package, on worker threads', () => {
    const printed = runReadmeExample(PACKAGE_DIR, pkg.name);
    expect(printed.trim()).toBe('zero-width in 1 of 6 files');
  });
});
