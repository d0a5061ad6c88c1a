import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildInputsHash, builtFrom } from '../scripts/build-inputs.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * CLI tests spawn the real bin/wm.js, which runs the current build: build it once per test run, unless the current
 * build was made by this Node from these very sources (CI's `npm ci` builds; its test steps then reuse that build).
 */
export function setup(): void {
  if (builtFrom(root, buildInputsHash(root))) return;
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) {
    throw new Error(`npm run build failed (exit ${build.status}):\n${build.stdout}${build.stderr}`);
  }
}
