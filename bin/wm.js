#!/usr/bin/env node
'use strict';
// Runs the CLI bundle (dist/bundle/wm.cjs, made by scripts/build-cli.mjs in `npm run build`) compiled from the
// V8 code cache made beside it at build time: a codec command then starts in little more than Node itself.
// Without the cache, or when this Node rejects it (another version or V8 flags), V8 compiles from source.
const { readFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { dirname, join } = require('node:path');
const { Script } = require('node:vm');

const BUNDLE = join(__dirname, '..', 'dist', 'bundle', 'wm.cjs');
const CODE_CACHE = `${BUNDLE}.cache`;

/** The bundle as one script, wrapped as Node wraps a CommonJS module. */
function compileBundle(cachedData) {
  const source = `(function (exports, require, module, __filename, __dirname) {${readFileSync(BUNDLE, 'utf8')}\n})`;
  return new Script(source, { filename: BUNDLE, cachedData });
}

/** Runs the compiled bundle as the module at BUNDLE; returns its exports (`main`). */
function runBundle(script) {
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(BUNDLE), module, BUNDLE, dirname(BUNDLE));
  return module.exports;
}

function readCodeCache() {
  try {
    return readFileSync(CODE_CACHE);
  } catch {
    return undefined;
  }
}

if (require.main === module) {
  runBundle(compileBundle(readCodeCache()))
    .main(process.argv)
    .then((code) => {
      process.exitCode = code;
    });
}

module.exports = { BUNDLE, CODE_CACHE, compileBundle, runBundle };
