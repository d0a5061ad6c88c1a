#!/usr/bin/env node
// `npm run bench`: bundles the TypeScript sources of bench/ with esbuild (the workspace packages inlined from their
// sources, packages/*/src, other packages left external) into node_modules/.cache/wm-bench/ and runs them.
// BENCH_QUICK=1 gives a short trial run.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = join(root, 'node_modules', '.cache', 'wm-bench');

await build({
  entryPoints: ['main.ts', 'bare-server.ts', 'peak-rss.ts', 'pool-process.ts'].map((entry) =>
    join(root, 'bench', entry),
  ),
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // one copy of each workspace package, from its sources: benchmarks import internals by path and APIs by name
  conditions: ['wm-source'],
  plugins: [
    {
      name: 'external-packages-but-the-workspace-ones',
      setup(context) {
        context.onResolve({ filter: /^[^./]/ }, (args) =>
          /^wm-watermark-(codec|scan)(\/|$)/.test(args.path) ? undefined : { path: args.path, external: true },
        );
      },
    },
    {
      // as in the CLI's bundles (scripts/build-cli.mjs): src/version.ts reads ../package.json from where it runs
      name: 'inline-version',
      setup(context) {
        context.onLoad({ filter: /src[\\/]version\.ts$/ }, async () => {
          const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
          return { contents: `export const VERSION = ${JSON.stringify(version)};`, loader: 'ts' };
        });
      },
    },
  ],
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
});

const run = spawnSync(process.execPath, [join(outdir, 'main.mjs'), ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, WM_BENCH_ROOT: root, WM_BENCH_OUT: outdir },
});
process.exitCode = run.status ?? 1;
