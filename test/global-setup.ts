import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** CLI tests spawn the real bin/wm.js, which runs the current build: build it once per test run. */
export function setup(): void {
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) {
    throw new Error(`npm run build failed (exit ${build.status}):\n${build.stdout}${build.stderr}`);
  }
}
