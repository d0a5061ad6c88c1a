// What a whole build of the repository is made from, as one hash, so that a test run can tell the current build is
// of these very sources and skip making it again (test/global-setup.ts): `npm run build` forgets the hash when it
// starts and records it once every package's build is published. A stale build is never taken for a fresh one: the
// hash covers every file git does not ignore (tests aside: nothing builds them) and the Node that built, whose V8
// is the only one the CLI's code cache is good for; outside a git checkout there is no hash and tests always build.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const RECORD = '.dist-inputs';
const NEVER_BUILT = /^test\//;

/** The hash of the build inputs in `root` for the Node running this, or undefined when they cannot be listed. */
export function buildInputsHash(root) {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (listed.status !== 0) return undefined;
  const hash = createHash('sha256').update(`${process.version} ${process.platform} ${process.arch}\0`);
  const files = [...new Set(listed.stdout.split('\0'))].filter((file) => file && !NEVER_BUILT.test(file)).sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    // a tracked file deleted from the work tree is an input too: its absence
    hash.update(existsSync(join(root, file)) ? readFileSync(join(root, file)) : '\0deleted');
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Whether the current build of `root` was made from the inputs whose hash is given. */
export function builtFrom(root, inputs) {
  if (inputs === undefined || !existsSync(join(root, 'dist'))) return false;
  try {
    return readFileSync(join(root, RECORD), 'utf8') === inputs;
  } catch {
    return false;
  }
}

export function forgetBuildInputs(root) {
  rmSync(join(root, RECORD), { force: true });
}

export function recordBuildInputs(root, inputs) {
  const next = join(root, `${RECORD}-${process.pid}`);
  writeFileSync(next, inputs);
  renameSync(next, join(root, RECORD));
}
