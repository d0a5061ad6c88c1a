import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The files of `npm pack` of the repository's package as built (the test run builds it: test/global-setup.ts). */
function packedFiles(): string[] {
  const json = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return (JSON.parse(json) as { files: { path: string }[] }[])[0].files.map((file) => file.path);
}

describe('the wm-watermark tarball', () => {
  const files = packedFiles();

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
    expect(files.filter((file) => file.endsWith('.map') || /^(src|test|packages)\//.test(file))).toEqual([]);
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
});
