#!/usr/bin/env node
// Bundles the CLI for bin/wm.js into CommonJS files in the bundle/ folder of the build given (`npm run build`:
// scripts/build.mjs), and makes the V8 code caches (*.cjs.cache)
// that bin/wm.js compiles wm.cjs and wm-server.cjs from (make-code-cache.cjs). Node 20 has no module compile cache:
// parsing and compiling ~40 modules and commander, and the ES module loader itself, cost a codec command more than
// its work; one script compiled from a code cache starts in a few ms. What a start pays is then reading the bundle
// and deserializing its cache, so the bundles are cut by command:
// - wm.cjs: the program and the codec commands (encode, decode, analyze, ...): what every start reads;
// - bundles apart (BUNDLES_APART): what a codec command's start never reads (the admin, server and remote commands;
//   `wm scan`; the signer-name check), each `require`d by the CLI's bundle when such a command's `import()` runs;
// - wm-mcp.cjs: `wm mcp`, with the MCP SDK (mcpBundleApart);
// - wm-scan-worker.cjs: the script of `wm scan`'s worker threads;
// - wm-work-worker.cjs: the script of `wm serve`'s worker threads (the codec's and the copies' jobs).
// A module two need is in both (the errors, the codec for copies): the errors are recognised by kind, not by
// instanceof (src/error-kind.ts). Dependencies stay `require`s of node_modules except the few bundled ones (pure
// ESM packages, which a CommonJS bundle cannot load on every Node 20, and those on a codec command's path).
// docs/PERFORMANCE.md has the figures. Paths like `../../drizzle` resolve the same from <build>/bundle/ as from
// src/cli/: the bundles sit at that depth (a build's folder is one level below the package's).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
if (!process.argv[2]) throw new Error('usage: node scripts/build-cli.mjs BUILD_FOLDER (npm run build gives it)');
const OUT_DIR = join(resolve(process.argv[2]), 'bundle');
const BUNDLED_PACKAGES = new Set([
  'wm-watermark-codec',
  'wm-watermark-scan',
  'commander',
  'unicode-segmenter',
  'chalk',
  'jose',
]);
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

/**
 * What a codec command's start never reads, in bundles of their own beside wm.cjs. A dynamic `import()` in the CLI's
 * sources of a module one of them holds becomes a `require` of that bundle, which carries the module and every
 * module it imports (a module the CLI's bundle needs too is in both).
 * - wm-server.cjs: the admin commands, `wm serve`, `wm copies` and `wm trace`, the remote commands and a server's
 *   backend, and all they bring (the domain, the store and both database adapters, the data folder, the server);
 * - wm-scan.cjs: `wm scan` (and `strip` of a folder): its flags and printing, and the scan package's engine (the tree
 *   walk, the worker pool, the byte search, SARIF);
 * - wm-names.cjs: the check that no two signers of `--keys` have confusable names, with the Unicode tables it
 *   folds names by (a quarter of wm.cjs's size when it was in it);
 * - wm-c2pa.cjs: `wm c2pa` and the C2PA side of `wm verify`, with wm-watermark-c2pa and every package it loads
 *   (cbor2, @peculiar/x509 and theirs: `packages` says to bundle them all), so that an installed wm needs none of
 *   them beside it, and no other command reads them.
 */
const BUNDLES_APART = [
  { file: './wm-server.cjs', modules: /^src\/(cli\/(admin|copies|remote)|data-folder|domain|server|store|ops)\// },
  { file: './wm-scan.cjs', modules: /^src\/cli\/scan\// },
  { file: './wm-names.cjs', modules: /^src\/cli\/codec\/key-set-check\.ts$/ },
  { file: './wm-c2pa.cjs', modules: /^src\/cli\/c2pa\//, packages: { has: () => true } },
];
/** Modules the CLI's bundle must not carry (the build fails if one is imported statically by a codec command). */
const NEVER_IN_CLI_BUNDLE = new RegExp(
  [
    /^src\/(cli\/(admin|copies|scan)|data-folder|server\/routes|store\/(sqlite|postgres))\//,
    /^packages\/scan\/src\/(pool|byte-search|scalar-search|scan-tree|walk|gitignore|sarif)\.ts$/,
    /^packages\/codec\/src\/unicode\/confusable-tables\.ts$/,
    /^(packages\/c2pa\/src|src\/cli\/c2pa)\//,
  ]
    .map(({ source }) => source)
    .join('|'),
);
const RESOLVING = Symbol('resolving');

/**
 * The importing side of the bundles apart: each module of theirs a bundle imports becomes a module that reads that
 * module's exports from its bundle when the import runs. Records the modules of each bundle in `served`; a bundle
 * apart (`own`) holds its own modules.
 */
const bundlesApart = (served, own) => ({
  name: 'bundles-apart',
  setup(context) {
    context.onResolve({ filter: /^\./ }, async (args) => {
      if (args.kind !== 'dynamic-import' || args.pluginData === RESOLVING) return undefined;
      const { path, errors } = await context.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: RESOLVING,
      });
      const id = relative(root, path).split(sep).join('/');
      const apart = errors.length === 0 && BUNDLES_APART.find(({ modules }) => modules.test(id));
      if (!apart || apart.file === own) return undefined;
      served.get(apart.file).add(id);
      return { path: id, namespace: 'bundle-apart', pluginData: apart.file };
    });
    context.onLoad({ filter: /.*/, namespace: 'bundle-apart' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.pluginData)})[${JSON.stringify(args.path)}];`,
      loader: 'js',
    }));
    context.onResolve({ filter: /^\.\/wm-[a-z0-9-]+\.cjs$/, namespace: 'bundle-apart' }, (args) => ({
      path: args.path,
      external: true,
    }));
  },
});

/** A bundle apart's entry: each module the CLI asks it for, run when first asked for (as `import()` would). */
const bundleApartEntry = (modules) =>
  `module.exports = {\n${[...modules]
    .sort()
    .map((id) => `  get ${JSON.stringify(id)}() { return require(${JSON.stringify(`./${id}`)}); },`)
    .join('\n')}\n};\n`;

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

await rm(OUT_DIR, { recursive: true, force: true });
const common = {
  absWorkingDir: root,
  outdir: OUT_DIR,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // the workspace packages (codec, scan) from their TypeScript sources (package.json: exports), not from a build
  conditions: ['wm-source'],
  // import() of node_modules becomes require(): a script compiled by node:vm has no loader for import()
  supported: { 'dynamic-import': false },
  sourcemap: true,
  // the sources are ES modules; in the bundle their import.meta.url is the bundle's own, worked out when asked for
  // (at the top it cost every start a quarter of a ms)
  define: { 'import.meta.url': '__wmBundle.url' },
  banner: { js: "const __wmBundle = { get url() { return require('node:url').pathToFileURL(__filename).href; } };" },
  logLevel: 'warning',
  // without comments and spaces a bundle is read and compiled in about half the time; names stay (stack traces)
  minifyWhitespace: true,
  minifySyntax: true,
};
const served = new Map(BUNDLES_APART.map(({ file }) => [file, new Set()]));
const cli = await build({
  ...common,
  entryPoints: { wm: 'src/cli/main.ts' },
  metafile: true,
  plugins: [externalPackages(BUNDLED_PACKAGES), mcpBundleApart, bundlesApart(served), lazyChildProcess, inlineVersion],
});
const carried = Object.keys(cli.metafile.inputs).filter((input) => NEVER_IN_CLI_BUNDLE.test(input));
if (carried.length > 0) throw new Error(`the CLI's bundle carries modules kept apart: ${carried.join(', ')}`);
// built in reverse order, the server's last: the bundles apart before it may ask for its modules too
const built = new Map();
for (const { file, packages } of [...BUNDLES_APART].reverse()) {
  const modules = served.get(file);
  if (modules.size === 0) throw new Error(`no bundle asks for a module of ${file}: update BUNDLES_APART`);
  built.set(file, modules.size);
  await build({
    ...common,
    stdin: { contents: bundleApartEntry(modules), resolveDir: root, sourcefile: `${file}-entry.cjs`, loader: 'js' },
    outfile: `${OUT_DIR}/${file}`,
    outdir: undefined,
    plugins: [
      externalPackages(packages ?? BUNDLED_PACKAGES),
      mcpBundleApart,
      bundlesApart(served, file),
      lazyChildProcess,
      inlineVersion,
    ],
  });
}
for (const [file, size] of built) {
  if (served.get(file).size !== size) throw new Error(`${file} was asked for a module after it was built`);
}
// `wm scan` reads files on worker threads; a worker runs a script file of its own, which sits beside the CLI's
// bundle (src/cli/scan/run-scan.ts names it).
await build({
  ...common,
  entryPoints: { 'wm-scan-worker': 'packages/scan/src/worker.ts' },
  plugins: [externalPackages(BUNDLED_PACKAGES), inlineVersion],
});
// `wm serve` runs the jobs that grow with a request's input on worker threads (src/server/work-pool/pool.ts finds
// this script beside the server's bundle): the pure jobs only, no store, Fastify or domain context.
const workWorker = await build({
  ...common,
  entryPoints: { 'wm-work-worker': 'src/server/work-pool/worker.ts' },
  metafile: true,
  plugins: [externalPackages(BUNDLED_PACKAGES), inlineVersion],
});
/** What the work worker may carry: the jobs, the modules they run and the worker's own two files. */
const PURE_JOBS = new RegExp(
  [
    /^src\/domain\/work\/jobs\.ts$/,
    /^src\/domain\/copies\/(marking|reading|variant-jobs)\.ts$/,
    /^src\/domain\/fingerprint\//,
    /^src\/server\/work-pool\/(worker|outcome|written-json|json-string-bytes)\.ts$/,
    /^packages\/codec\/src\//,
    /^node_modules\/unicode-segmenter\//,
  ]
    .map(({ source }) => source)
    .join('|'),
);
const notPure = Object.keys(workWorker.metafile.inputs).filter((input) => !PURE_JOBS.test(input));
if (notPure.length > 0) throw new Error(`the work worker's bundle carries more than pure jobs: ${notPure.join(', ')}`);
await build({
  ...common,
  entryPoints: { 'wm-mcp': 'src/cli/mcp/entry.ts' },
  plugins: [externalPackages(MCP_BUNDLED_PACKAGES), lazyChildProcess, inlineVersion],
});

// V8 keeps a source holding any character beyond ASCII two bytes a character, which makes reading and compiling it
// slower: esbuild escapes such characters in strings, comments are gone, but a regular expression keeps them (write
// them escaped). wm-mcp.cjs is left out: regular expressions of its packages hold some.
for (const bundle of [
  'wm',
  ...BUNDLES_APART.map(({ file }) => file.slice(2, -4)),
  'wm-scan-worker',
  'wm-work-worker',
]) {
  const source = await readFile(join(OUT_DIR, `${bundle}.cjs`));
  if (source.some((byte) => byte > 0x7f)) throw new Error(`${OUT_DIR}/${bundle}.cjs is not ASCII`);
}

// Runs representative commands once with the bundle compiled from source, so that the cache holds the functions
// a codec command compiles, not only the top level.
const made = spawnSync(process.execPath, [fileURLToPath(new URL('make-code-cache.cjs', import.meta.url)), OUT_DIR], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (made.status !== 0) throw new Error(`making the code cache failed (exit ${made.status})`);
