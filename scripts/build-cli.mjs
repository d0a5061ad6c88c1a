#!/usr/bin/env node
// Bundles the CLI into one CommonJS file, dist/bundle/wm.cjs, and makes the V8 code cache that bin/wm.js loads
// it with (dist/bundle/wm.cjs.cache). Node 20 has no module compile cache: parsing and compiling ~40 modules and
// commander, and the ES module loader itself, cost a codec command more than its work. One script compiled from
// a code cache starts in a few ms. Code that only admin and serve commands reach sits in the same file but runs
// only on their `import()` (esbuild keeps such modules lazy); their dependencies stay `require`s of node_modules
// except the ESM-only ones, which a CommonJS bundle cannot load on every Node 20 and so carries itself.
// Paths like `../../drizzle` resolve the same from dist/bundle/ as from dist/cli/: the bundle sits at that depth.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const OUT_DIR = 'dist/bundle';
const BUNDLED_PACKAGES = new Set(['commander', 'unicode-segmenter', 'chalk', 'jose']);

/** Every other package stays a `require` of node_modules (native better-sqlite3, Fastify, pino's workers…); `#…` are a bundled package's own imports. */
const externalPackages = {
  name: 'external-packages',
  setup(context) {
    context.onResolve({ filter: /^[^./#]/ }, (args) => {
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

// version.ts reads package.json at run time (createRequire and a JSON parse, ~1 ms); the bundle carries the value.
const { version } = JSON.parse(await readFile(`${root}/package.json`, 'utf8'));
const inlineVersion = {
  name: 'inline-version',
  setup(context) {
    context.onLoad({ filter: /src[\\/]version\.ts$/ }, () => ({
      contents: `export const VERSION = ${JSON.stringify(version)};`,
      loader: 'ts',
    }));
  },
};

await rm(`${root}/${OUT_DIR}`, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { wm: 'src/cli/main.ts' },
  outdir: OUT_DIR,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // import() of node_modules becomes require(): a script compiled by node:vm has no loader for import()
  supported: { 'dynamic-import': false },
  sourcemap: true,
  plugins: [externalPackages, lazyChildProcess, inlineVersion],
  // the sources are ES modules; in the bundle their import.meta.url is the bundle's own
  define: { 'import.meta.url': '__wmBundleUrl' },
  banner: { js: "const __wmBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  logLevel: 'warning',
});

// Runs representative commands once with the bundle compiled from source, so that the cache holds the functions
// a codec command compiles, not only the top level.
const made = spawnSync(process.execPath, [fileURLToPath(new URL('make-code-cache.cjs', import.meta.url))], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (made.status !== 0) throw new Error(`making the code cache failed (exit ${made.status})`);
