#!/usr/bin/env node
// Bundles the CLI for bin/wm.js into CommonJS files in dist/bundle/, and makes the V8 code caches (*.cjs.cache)
// that bin/wm.js compiles wm.cjs and wm-server.cjs from (make-code-cache.cjs). Node 20 has no module compile cache:
// parsing and compiling ~40 modules and commander, and the ES module loader itself, cost a codec command more than
// its work; one script compiled from a code cache starts in a few ms. What a start pays is then reading the bundle
// and deserializing its cache, so the bundles are cut by command:
// - wm.cjs: the program and the codec commands (encode, decode, scan, ...): what every start reads;
// - wm-server.cjs: the admin commands, `wm serve`, copies, trace and the remote commands with the domain, the store
//   and the server; the CLI's bundle `require`s it when such a command's `import()` runs (serverBundleApart);
// - wm-mcp.cjs: `wm mcp`, with the MCP SDK (mcpBundleApart);
// - wm-scan-worker.cjs: the script of `wm scan`'s worker threads.
// A module both need is in both (the errors, the codec for copies): the errors are recognised by kind, not by
// instanceof (src/error-kind.ts). Dependencies stay `require`s of node_modules except the few bundled ones (pure
// ESM packages, which a CommonJS bundle cannot load on every Node 20, and those on a codec command's path).
// docs/PERFORMANCE.md has the figures. Paths like `../../drizzle` resolve the same from dist/bundle/ as from
// dist/cli/: the bundles sit at that depth.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { relative, sep } from 'node:path';
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

/**
 * What the codec commands never run: the admin commands, `wm serve`, `wm copies` and `wm trace`, the remote
 * commands and a server's backend, and all they bring (the domain, the store and both database adapters, the
 * data folder, the server). A dynamic `import()` of such a module from the CLI's bundle becomes a `require` of the
 * server bundle, dist/bundle/wm-server.cjs, which carries it (and every module it imports) instead.
 */
const SERVER_SIDE = /^src\/(cli\/(admin|copies|remote)|data-folder|domain|server|store|ops)\//;
/** Modules the CLI's bundle must not carry (the build fails if one is imported statically by a codec command). */
const NEVER_IN_CLI_BUNDLE = /^src\/(cli\/(admin|copies)|data-folder|server\/routes|store\/(sqlite|postgres))\//;
const SERVER_BUNDLE = './wm-server.cjs';
const RESOLVING = Symbol('resolving');

/**
 * The CLI's side of the server bundle: each server-side module the CLI imports becomes a module that reads that
 * module's exports from the server bundle when the import runs. Records the modules in `served`.
 */
const serverBundleApart = (served) => ({
  name: 'server-bundle-apart',
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
      if (errors.length > 0 || !SERVER_SIDE.test(id)) return undefined;
      served.add(id);
      return { path: id, namespace: 'server-bundle' };
    });
    context.onLoad({ filter: /.*/, namespace: 'server-bundle' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(SERVER_BUNDLE)})[${JSON.stringify(args.path)}];`,
      loader: 'js',
    }));
    context.onResolve({ filter: /^\.\/wm-server\.cjs$/, namespace: 'server-bundle' }, (args) => ({
      path: args.path,
      external: true,
    }));
  },
});

/** The server bundle's entry: each module the CLI asks for, run when first asked for (as `import()` would). */
const serverBundleEntry = (served) =>
  `module.exports = {\n${[...served]
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
  // without comments and spaces a bundle is read and compiled in about half the time; names stay (stack traces)
  minifyWhitespace: true,
  minifySyntax: true,
};
const served = new Set();
const cli = await build({
  ...common,
  entryPoints: { wm: 'src/cli/main.ts' },
  metafile: true,
  plugins: [
    externalPackages(BUNDLED_PACKAGES),
    mcpBundleApart,
    serverBundleApart(served),
    lazyChildProcess,
    inlineVersion,
  ],
});
const carried = Object.keys(cli.metafile.inputs).filter((input) => NEVER_IN_CLI_BUNDLE.test(input));
if (carried.length > 0) throw new Error(`the CLI's bundle carries server-side modules: ${carried.join(', ')}`);
await build({
  ...common,
  stdin: { contents: serverBundleEntry(served), resolveDir: root, sourcefile: 'wm-server-entry.cjs', loader: 'js' },
  outfile: `${OUT_DIR}/wm-server.cjs`,
  outdir: undefined,
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

// V8 keeps a source holding any character beyond ASCII two bytes a character, which makes reading and compiling it
// slower: esbuild escapes such characters in strings, comments are gone, but a regular expression keeps them (write
// them escaped). wm-mcp.cjs is left out: regular expressions of its packages hold some.
for (const bundle of ['wm', 'wm-server', 'wm-scan-worker']) {
  const source = await readFile(`${root}/${OUT_DIR}/${bundle}.cjs`);
  if (source.some((byte) => byte > 0x7f)) throw new Error(`${OUT_DIR}/${bundle}.cjs is not ASCII`);
}

// Runs representative commands once with the bundle compiled from source, so that the cache holds the functions
// a codec command compiles, not only the top level.
const made = spawnSync(process.execPath, [fileURLToPath(new URL('make-code-cache.cjs', import.meta.url))], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (made.status !== 0) throw new Error(`making the code cache failed (exit ${made.status})`);
