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
const BUNDLED_PACKAGES = new Set(['wm-watermark-codec', 'commander', 'unicode-segmenter', 'chalk', 'jose']);
/**
 * `wm mcp` is a bundle of its own, dist/bundle/wm-mcp.cjs, which the CLI requires when that command runs: the MCP
 * SDK, zod, TypeBox and Ajv are hundreds of small CommonJS files that load several times faster from one file, but
 * in the CLI's bundle they would slow every codec command's start (docs/PERFORMANCE.md, MCP and the remote CLI).
 */
const MCP_BUNDLED_PACKAGES = new Set([
  ...BUNDLED_PACKAGES,
  '@modelcontextprotocol/sdk',
  'zod',
  '@sinclair/typebox',
  'ajv',
  'fast-deep-equal',
  'fast-uri',
  'json-schema-traverse',
  'require-from-string',
]);

/**
 * Every other package stays a `require` of node_modules (native better-sqlite3, Fastify, pino's workers…); `#…` are a
 * bundled package's own imports.
 */
const externalPackages = (bundled) => ({
  name: 'external-packages',
  setup(context) {
    context.onResolve({ filter: /^[^./#]/ }, (args) => {
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
      return bundled.has(name) ? undefined : { path: args.path, external: true };
    });
  },
});

/** The CLI's bundle requires `wm mcp` from its own bundle beside it instead of carrying it. */
const mcpBundleApart = {
  name: 'mcp-bundle-apart',
  setup(context) {
    context.onResolve({ filter: /^\.\/mcp\/entry\.js$/ }, (args) =>
      /[\\/]src[\\/]cli[\\/][^\\/]+$/.test(args.importer) ? { path: './wm-mcp.cjs', external: true } : undefined,
    );
  },
};

// commander loads node:child_process (docs/PERFORMANCE.md) only to spawn executable subcommands, which wm has none of.
const COMMANDER_CHILD_PROCESS = "const childProcess = require('node:child_process');";
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(context) {
    context.onLoad({ filter: /commander[\\/]lib[\\/]command\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes(COMMANDER_CHILD_PROCESS))
        throw new Error(`${args.path}: commander changed, update lazyChildProcess`);
      const lazy = "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };";
      return { contents: source.replace(COMMANDER_CHILD_PROCESS, lazy), loader: 'js' };
    });
  },
};

// version.ts reads package.json at run time (createRequire and a JSON parse); the bundle carries the value.
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
const common = {
  absWorkingDir: root,
  outdir: OUT_DIR,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // the codec workspace package from its TypeScript sources (packages/codec/package.json), not from a build of it
  conditions: ['wm-source'],
  // import() of node_modules becomes require(): a script compiled by node:vm has no loader for import()
  supported: { 'dynamic-import': false },
  sourcemap: true,
  // the sources are ES modules; in the bundle their import.meta.url is the bundle's own
  define: { 'import.meta.url': '__wmBundleUrl' },
  banner: { js: "const __wmBundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  logLevel: 'warning',
};
await build({
  ...common,
  entryPoints: { wm: 'src/cli/main.ts' },
  plugins: [externalPackages(BUNDLED_PACKAGES), mcpBundleApart, lazyChildProcess, inlineVersion],
});
// `wm scan` reads files on worker threads; a worker runs a script file of its own, which sits beside the CLI's
// bundle (src/scan/pool.ts finds it there).
await build({
  ...common,
  entryPoints: { 'wm-scan-worker': 'src/scan/worker.ts' },
  plugins: [externalPackages(BUNDLED_PACKAGES), inlineVersion],
});
await build({
  ...common,
  entryPoints: { 'wm-mcp': 'src/cli/mcp/entry.ts' },
  plugins: [externalPackages(MCP_BUNDLED_PACKAGES), lazyChildProcess, inlineVersion],
});

// Runs representative commands once with the bundle compiled from source, so that the cache holds the functions
// a codec command compiles, not only the top level.
const made = spawnSync(process.execPath, [fileURLToPath(new URL('make-code-cache.cjs', import.meta.url))], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (made.status !== 0) throw new Error(`making the code cache failed (exit ${made.status})`);
