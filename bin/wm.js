#!/usr/bin/env node
'use strict';
// Runs the CLI's bundle, bundle/wm.cjs of the build in use (made by scripts/build-cli.mjs in `npm run build`),
// compiled from the V8 code cache made beside it at build time: a codec command then starts in little more than Node
// itself. What the codec commands never run sits in bundles of their own beside it (wm-server.cjs: admin, serve,
// copies, remote; wm-scan.cjs: `wm scan`; wm-names.cjs: the signer-name check; wm-mcp.cjs: `wm mcp`), which the
// CLI's bundle `require`s by their file name only when a command needs them; this file compiles those the same way,
// each from its cache when it has one. Without a cache, or when this Node rejects it (another version or V8 flags),
// V8 compiles from source.
//
// The build in use: an installed package has dist/ alone. In a checkout, each `npm run build` writes a folder of its
// own, .dist-<id>, and points .dist-current at it once it is whole (scripts/build-folders.mjs); a wm resolves that
// link once, at start, and runs from that folder until it exits, registered in its .running/ folder so that later
// builds leave it in place (docs/ARCHITECTURE.md, "Builds that never break a running wm").
const { readFileSync, realpathSync, rmSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { dirname, join } = require('node:path');
const { Script } = require('node:vm');

const CURRENT_BUILD = '.dist-current';
/** A build's folder of the processes that run from it, one empty file per process id. */
const RUNNING = '.running';

/** The folder .dist-current points at, or undefined (an installed package, or a checkout not built yet). */
function currentBuildFolder() {
  try {
    return realpathSync.native(join(__dirname, '..', CURRENT_BUILD));
  } catch {
    return undefined;
  }
}

/** Registers this process in the build it runs from, until it exits (a checkout it cannot write: unregistered). */
function register(build) {
  const entry = join(build, RUNNING, String(process.pid));
  try {
    writeFileSync(entry, '');
  } catch {
    return;
  }
  process.on('exit', () => rmSync(entry, { force: true }));
}

const BUILD_FOLDER = currentBuildFolder();
const BUNDLE_DIR = join(BUILD_FOLDER ?? join(__dirname, '..', 'dist'), 'bundle');
const BUNDLE = join(BUNDLE_DIR, 'wm.cjs');
/** How one bundle names another: `require('./wm-….cjs')`. */
const SIBLING_BUNDLE = /^\.\/wm-[a-z-]+\.cjs$/;

const codeCacheOf = (bundle) => `${bundle}.cache`;

/** A bundle as one script, wrapped as Node wraps a CommonJS module. */
function compileBundle(bundle, cachedData) {
  const source = `(function (exports, require, module, __filename, __dirname) {${readFileSync(bundle, 'utf8')}\n})`;
  return new Script(source, { filename: bundle, cachedData });
}

function readCodeCache(bundle) {
  try {
    return readFileSync(codeCacheOf(bundle));
  } catch {
    return undefined;
  }
}

/** The bundles compiled so far in this process (file → script), each run once. */
const compiled = new Map();
const exportsOf = new Map();

/** Node's `require` for BUNDLE, except that a sibling bundle is compiled as this file compiles the first one. */
function requireFor(bundle) {
  const plain = createRequire(bundle);
  const require = (id) => (SIBLING_BUNDLE.test(id) ? loadBundle(join(dirname(bundle), id)) : plain(id));
  return Object.assign(require, { resolve: plain.resolve, cache: plain.cache, main: plain.main });
}

/** Runs a compiled bundle as the module at its file; returns its exports. */
function runBundle(bundle, script) {
  const module = { exports: {} };
  script.runInThisContext()(module.exports, requireFor(bundle), module, bundle, dirname(bundle));
  return module.exports;
}

/** The exports of a bundle, compiled (from its code cache when there is one) and run on first use. */
function loadBundle(bundle) {
  if (!exportsOf.has(bundle)) {
    const script = compileBundle(bundle, readCodeCache(bundle));
    compiled.set(bundle, script);
    exportsOf.set(bundle, runBundle(bundle, script));
  }
  return exportsOf.get(bundle);
}

if (require.main === module) {
  if (BUILD_FOLDER) register(BUILD_FOLDER);
  loadBundle(BUNDLE)
    .main(process.argv)
    .then((code) => {
      process.exitCode = code;
    });
}

module.exports = {
  CURRENT_BUILD,
  RUNNING,
  BUNDLE,
  BUNDLE_DIR,
  codeCacheOf,
  compileBundle,
  runBundle,
  loadBundle,
  compiled,
};
