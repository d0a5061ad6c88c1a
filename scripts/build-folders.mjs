// The folders a build of one package (the root, or a workspace) lives in, so that no `wm` ever sees a half build
// (docs/ARCHITECTURE.md, "Builds that never break a running wm"):
// - .dist-<id>/      one build, written whole by `npm run build` before anything points at it, never changed after;
// - .dist-current    a symbolic link to the current one, replaced in one rename; bin/wm.js resolves it once at
//                    start and runs from that folder for its whole life, registered in its .running/ folder;
// - dist/            a real folder with the current build's files (hard links), for what reads dist/ by name
//                    (package.json's exports, npm pack, which packs no symbolic link), swapped in by two renames.
// A build folder is removed once it is neither the current one nor the one it replaced, and no live process is
// registered in it (the build that writes it is registered too, until it is the current one).
import {
  copyFileSync,
  linkSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';

const { CURRENT_BUILD, RUNNING } = createRequire(import.meta.url)('../bin/wm.js');

export const DIST = 'dist';
const BUILD_FOLDER = /^\.dist-\d+-\d+$/;
/** What a publish that died half-way leaves: the next publish of the package removes it. */
const PUBLISH_LEFTOVER = /^\.dist-\d+-\d+-(next|old)$|^\.dist-current-\d+$/;
/** A build folder being created (startBuild) by the process it names: removed once that process is gone. */
const STARTING_BUILD = /^\.dist-\d+-\d+-new-(\d+)$/;
const LOCK = '.dist-lock';
const LOCK_WAIT_MS = 10 * 60_000;

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

let lastBuildTime = 0;
/** A new build's id, another at each call: its folders sort by age. */
export function newBuildId() {
  lastBuildTime = Math.max(Date.now(), lastBuildTime + 1);
  return `${lastBuildTime}-${process.pid}`;
}

/**
 * Creates the folder a build of the package writes into, registered to this process. It appears with its
 * registration in one rename: a publish running meanwhile would remove a build folder it found with none.
 */
export function startBuild(packageDir, id) {
  const build = join(packageDir, `.dist-${id}`);
  const starting = `${build}-new-${process.pid}`;
  mkdirSync(join(starting, RUNNING), { recursive: true });
  writeFileSync(join(starting, RUNNING, String(process.pid)), '');
  renameSync(starting, build);
  return build;
}

/** Removes a build that failed: nothing points at it. */
export const abandonBuild = (build) => rmSync(build, { recursive: true, force: true });

/** Hard links of every file of a build (or copies, where the file system has none), without its registrations. */
function mirror(from, to) {
  mkdirSync(to);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.name === RUNNING) continue;
    const [source, target] = [join(from, entry.name), join(to, entry.name)];
    if (entry.isDirectory()) mirror(source, target);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
    }
  }
}

/** The process id in a lock file (0 while its holder is still writing it), or undefined when it is gone. */
function lockHolder(lock) {
  try {
    return Number(readFileSync(lock, 'utf8'));
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Runs `work` holding the package's publish lock (one publish at a time; a dead holder's lock is taken over). */
function withLock(packageDir, work) {
  const lock = join(packageDir, LOCK);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const holder = lockHolder(lock);
      if (holder === undefined) continue;
      if (!isAlive(holder)) rmSync(lock, { force: true });
      else if (Date.now() > deadline) throw new Error(`${lock} is held by process ${holder}`);
      else sleep(50);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** The build folder `.dist-current` names, or undefined. */
function currentBuildName(packageDir) {
  try {
    return basename(readlinkSync(join(packageDir, CURRENT_BUILD)));
  } catch {
    return undefined;
  }
}

/** Whether a live process is registered in the build. */
function inUse(build) {
  let registered;
  try {
    registered = readdirSync(join(build, RUNNING));
  } catch {
    return false;
  }
  return registered.some((pid) => /^\d+$/.test(pid) && isAlive(Number(pid)));
}

/** Removes the build folders no process can need any more, and what a publish that died left. */
function collect(packageDir, keep) {
  for (const name of readdirSync(packageDir)) {
    const path = join(packageDir, name);
    const starting = STARTING_BUILD.exec(name);
    const leftover = PUBLISH_LEFTOVER.test(name) || (starting && !isAlive(Number(starting[1])));
    const unused = BUILD_FOLDER.test(name) && !keep.includes(name) && !inUse(path);
    if (leftover || unused) rmSync(path, { recursive: true, force: true });
  }
}

/**
 * Makes a finished build the package's current one: `.dist-current` first (one rename: a starting wm finds the old
 * build or the new one), then dist/ (a rename out and one in: for the instant between them there is no dist/).
 * Then removes the builds that are no longer needed.
 */
export function publishBuild(packageDir, build) {
  const name = basename(build);
  withLock(packageDir, () => {
    const replaced = currentBuildName(packageDir);
    const next = join(packageDir, `${name}-next`);
    const old = join(packageDir, `${name}-old`);
    mirror(build, next);
    const link = join(packageDir, `${CURRENT_BUILD}-${process.pid}`);
    symlinkSync(name, link, 'junction');
    renameSync(link, join(packageDir, CURRENT_BUILD));
    try {
      renameSync(join(packageDir, DIST), old);
    } catch (error) {
      if (error.code !== 'ENOENT') throw error;
    }
    renameSync(next, join(packageDir, DIST));
    rmSync(old, { recursive: true, force: true });
    unlinkSync(join(build, RUNNING, String(process.pid)));
    collect(packageDir, [name, replaced]);
  });
}
