#!/usr/bin/env node
// Bundles the CLI into dist/bundle/ (bin/wm.js runs dist/bundle/wm.js). Node 20 has no module compile cache, so
// loading one file instead of ~40 small modules and commander's is what keeps `wm decode` close to `node -e 0`.
// Code that only admin and serve commands reach is split into chunks that load on `import()`; dependencies stay
// in node_modules except the few every codec command needs. Paths like `../../drizzle` resolve the same from
// dist/bundle/ as from dist/cli/, so the bundle sits at the same depth.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const BUNDLED_PACKAGES = new Set(['commander', 'unicode-segmenter']);

/** Every other package stays an `import` of node_modules (native better-sqlite3, Fastify, pino's workers…). */
const externalPackages = {
  name: 'external-packages',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
      return BUNDLED_PACKAGES.has(name) ? undefined : { path: args.path, external: true };
    });
  },
};

// commander loads node:child_process (≈ 10 ms here) only to spawn executable subcommands, which wm has none of.
const COMMANDER_CHILD_PROCESS = "const childProcess = require('node:child_process');";
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(context) {
    context.onLoad({ filter: /commander[\\/]lib[\\/]command\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes(COMMANDER_CHILD_PROCESS)) throw new Error(`${args.path}: commander changed, update lazyChildProcess`);
      const lazy = "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };";
      return { contents: source.replace(COMMANDER_CHILD_PROCESS, lazy), loader: 'js' };
    });
  },
};

await build({
  absWorkingDir: root,
  entryPoints: { wm: 'src/cli/main.ts' },
  outdir: 'dist/bundle',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunk-[hash]',
  sourcemap: true,
  plugins: [externalPackages, lazyChildProcess],
  // commander is CommonJS: its require() of node builtins needs a real require in an ES module
  banner: { js: "import { createRequire as __wmCreateRequire } from 'node:module'; const require = __wmCreateRequire(import.meta.url);" },
  logLevel: 'warning',
});
