import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packDryRun, runReadmeExample } from '../../../test/packed.js';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${PACKAGE_DIR}package.json`, 'utf8')) as {
  name: string;
  exports: Record<string, string | Record<string, string>>;
};

/**
 * The size budget of the published tarball (README, "What the package may load"): 180 KB and 520 KB until the
 * visible variants (wm-watermark-codec/variants, issue 42) added about 45 KB packed and 150 KB unpacked; their
 * faces (the preview's site descriptions, issue 42's last round) took the unpacked size to 663 KB.
 */
const PACKED_BYTES_MAX = 230_000;
const UNPACKED_BYTES_MAX = 680_000;

const targets = Object.values(pkg.exports).filter((target) => typeof target === 'object');

describe(`the ${pkg.name} package`, () => {
  const packed = packDryRun(PACKAGE_DIR);
  const files = packed.files.map((file) => file.path);

  it('stays within its size budget, packed and unpacked', () => {
    expect(packed.size).toBeLessThanOrEqual(PACKED_BYTES_MAX);
    expect(packed.unpackedSize).toBeLessThanOrEqual(UNPACKED_BYTES_MAX);
  });

  it('ships its compiled modules, their types and its README: no sources, maps or tests', () => {
    const unexpected = files.filter(
      (file) => !['package.json', 'README.md'].includes(file) && !/^dist\/.+\.(js|d\.ts)$/.test(file),
    );
    expect(unexpected).toEqual([]);
    expect(files.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(40);
  });

  it('ships every module and type file its exports name, and has the source of each for the repository', () => {
    expect(targets.length).toBeGreaterThan(10);
    for (const target of targets) {
      expect(files).toContain(target.default.slice(2));
      expect(files).toContain(target.types.slice(2));
      expect(existsSync(`${PACKAGE_DIR}${target['wm-source'].slice(2)}`), target['wm-source']).toBe(true);
    }
  });

  it('runs the README example as written, from the built package', () => {
    const printed = runReadmeExample(PACKAGE_DIR, pkg.name);
    expect(printed.trim()).toBe('NO_WATERMARK');
  });
});
