import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packDryRun } from '../packed.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('the wm-watermark tarball', () => {
  const files = packDryRun(ROOT).files.map((file) => file.path);

  it('carries the CLI, the compiled library and the migrations', () => {
    expect(files).toEqual(expect.arrayContaining(['bin/wm.js', 'dist/index.js', 'README.md']));
    // every bundle bin/wm.js runs, and the code caches it compiles the CLI's and the server's from
    const bundles = [
      'wm.cjs',
      'wm.cjs.cache',
      'wm-server.cjs',
      'wm-server.cjs.cache',
      'wm-scan.cjs',
      'wm-scan.cjs.cache',
      'wm-names.cjs',
      'wm-mcp.cjs',
      'wm-scan-worker.cjs',
      'wm-work-worker.cjs',
    ];
    expect(files).toEqual(expect.arrayContaining(bundles.map((file) => `dist/bundle/${file}`)));
    expect(files.some((file) => file.startsWith('drizzle-postgres/'))).toBe(true);
  });

  it('carries no screenshot and no source map (its sources do not ship)', () => {
    expect(files.filter((file) => /\.(png|jpe?g|webp)$/.test(file) || file.startsWith('docs/screenshots/'))).toEqual(
      [],
    );
    // the bundled codec's own dependencies (node_modules/: the noble libraries) ship as their authors publish them
    const ours = files.filter((file) => !file.startsWith('node_modules/'));
    expect(ours.filter((file) => file.endsWith('.map') || /^(src|test|packages)\//.test(file))).toEqual([]);
  });

  // installed from a git checkout or a tarball (pre-commit hooks, `npm install -g <url>`), the CLI must not need a
  // codec of the same version on the registry
  it('carries the codec as its bundled wm-watermark-codec package, built, and no other copy of it', () => {
    expect(files.filter((file) => file.startsWith('dist/codec/'))).toEqual([]);
    expect(files).toEqual(
      expect.arrayContaining([
        'node_modules/wm-watermark-codec/package.json',
        'node_modules/wm-watermark-codec/dist/index.js',
        'node_modules/unicode-segmenter/package.json',
      ]),
    );
    expect(files.filter((file) => file.startsWith('node_modules/wm-watermark-codec/src/'))).toEqual([]);
  });

  it('carries the scan engine as its bundled wm-watermark-scan package, built, with its dependencies', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'node_modules/wm-watermark-scan/package.json',
        'node_modules/wm-watermark-scan/dist/index.js',
        'node_modules/wm-watermark-scan/dist/worker.js',
        'node_modules/picomatch/package.json',
        'node_modules/ignore/package.json',
      ]),
    );
    expect(files.filter((file) => /^node_modules\/wm-watermark-scan\/(src|test)\//.test(file))).toEqual([]);
  });
});
