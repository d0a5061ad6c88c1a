#!/usr/bin/env node
// `npm run build` (also `prepare`, which `npm install` and `npm pack` run): builds every workspace package (tsc, from
// its tsconfig.build.json), then the root package (tsc, the CLI's bundles, the dashboard). Each package's build is
// written into a folder of its own and becomes the package's current build, dist/ included, only once whole
// (scripts/build-folders.mjs): a `wm` running or starting meanwhile never sees a half build. Given package folders
// (`node scripts/build.mjs packages/codec`), builds those alone. A step writes only into the folder it is given.
// With --unless-current, does nothing when the current build was made by this Node from these files.
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { abandonBuild, newBuildId, publishBuild, startBuild } from './build-folders.mjs';
import { buildInputsHash, builtFrom, forgetBuildInputs, recordBuildInputs } from './build-inputs.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** A step: the arguments of the `node` that makes its part of a build in the folder given. */
const tsc = (dir) => (build) => [TSC, '-p', join(dir, 'tsconfig.build.json'), '--outDir', build];
const script = (name) => (build) => [join(root, 'scripts', name), build];

const stepsOf = (dir) =>
  resolve(dir) === resolve(root) ? [tsc(root), script('build-cli.mjs'), script('build-web.mjs')] : [tsc(dir)];

/** The workspace packages' folders (package.json's `workspaces`: folders, or `folder/*`). */
function workspaces() {
  const { workspaces: patterns = [] } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return patterns.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(join(root, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => join(root, pattern.slice(0, -2), entry.name))
      : [join(root, pattern)],
  );
}

function buildPackage(dir, id) {
  const build = startBuild(dir, id);
  for (const step of stepsOf(dir)) {
    const args = step(build);
    const run = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
    if (run.status !== 0) {
      abandonBuild(build);
      throw new Error(`build of ${dir} failed: node ${args.join(' ')} exited ${run.status ?? run.signal}`);
    }
  }
  publishBuild(dir, build);
}

// the workspaces first: the root's tsc reads their declarations from their dist/
const args = process.argv.slice(2);
// `prepare` (npm install, npm pack) passes it: a build of these very files by this Node is not made again
const unlessCurrent = args.includes('--unless-current');
const named = args.filter((arg) => arg !== '--unless-current').map((dir) => resolve(dir));
const id = newBuildId();
// hashed before any is read: a file changed meanwhile makes the next build run again (scripts/build-inputs.mjs)
const inputs = named.length > 0 ? undefined : buildInputsHash(root);
if (unlessCurrent && builtFrom(root, inputs)) process.exit(0);
forgetBuildInputs(root);
try {
  for (const dir of named.length > 0 ? named : [...workspaces(), root]) buildPackage(dir, id);
  if (inputs !== undefined) recordBuildInputs(root, inputs);
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exitCode = 1;
}
