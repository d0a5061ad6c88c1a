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
      'wm-mcp.cjs',
      'wm-scan-worker.cjs',
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

  it('carries no copy of the codec: it depends on the wm-watermark-codec package', () => {
    expect(files.filter((file) => file.startsWith('dist/codec/'))).toEqual([]);
  });
});
