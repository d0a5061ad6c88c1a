import { lstatSync, readdirSync, readFileSync, statSync, type Dirent, type Stats } from 'node:fs';
import { join } from 'node:path';
import picomatch from 'picomatch';
import { IgnoreRules } from './gitignore.js';
import { reasonOf } from './error-reason.js';

/** How the tree is walked (docs/CLI.md, "wm scan"). */
export interface WalkOptions {
  /**
   * follow symbolic links found inside folders (those named on the command line are always followed): to read
   * them; stripping never writes through one (write-scope.ts)
   */
  follow: boolean;
  /** honour .gitignore files */
  gitignore: boolean;
  /** only files matching one of these globs (none: every file) */
  include: readonly string[];
  /** no file or folder matching one of these globs */
  exclude: readonly string[];
}

/** A file to read (its size is checked where it is read), or a path that could not be walked. */
export type WalkEntry = { kind: 'file'; path: string } | { kind: 'error'; path: string; message: string };

/**
 * Every file to read under `roots`, in a stable order (names sorted within each folder), without following
 * symbolic links unless asked, and never into a `.git` folder. A root that is a file is read whatever the rules
 * say: it was named.
 */
export async function* walk(roots: readonly string[], options: WalkOptions): AsyncGenerator<WalkEntry> {
  const included = options.include.length > 0 ? globMatcher(options.include) : () => true;
  const excluded = options.exclude.length > 0 ? globMatcher(options.exclude) : () => false;
  const visited = new Set<string>();

  // synchronous calls: the main thread, which walks, has nothing else to do meanwhile, and a trip through libuv's
  // thread pool per folder cost more (a synchronous generator also compiles and runs lighter than an async one)
  function* folder(path: string, relative: string, rules: IgnoreRules, stats: Stats): Generator<WalkEntry> {
    // a folder reached twice through links (a loop) is read once
    const identity = `${stats.dev}:${stats.ino}`;
    if (visited.has(identity)) return;
    visited.add(identity);
    let entries: Dirent[];
    try {
      entries = readdirSync(path, { withFileTypes: true });
    } catch (error) {
      yield { kind: 'error', path, message: reasonOf(error) };
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    let here = rules;
    if (options.gitignore && entries.some((entry) => entry.name === '.gitignore' && !entry.isDirectory())) {
      try {
        here = rules.with(relative, readFileSync(join(path, '.gitignore'), 'utf8'));
      } catch (error) {
        yield { kind: 'error', path: join(path, '.gitignore'), message: reasonOf(error) };
      }
    }
    for (const entry of entries) {
      const childPath = join(path, entry.name);
      const childRelative = relative === '' ? entry.name : `${relative}/${entry.name}`;
      let type: 'folder' | 'file' | 'other' = entry.isDirectory() ? 'folder' : entry.isFile() ? 'file' : 'other';
      let childStats: Stats | undefined;
      if (entry.isSymbolicLink()) {
        if (!options.follow) continue;
        try {
          childStats = statSync(childPath);
        } catch (error) {
          yield { kind: 'error', path: childPath, message: reasonOf(error) };
          continue;
        }
        type = childStats.isDirectory() ? 'folder' : childStats.isFile() ? 'file' : 'other';
      }
      if (type === 'folder') {
        if (entry.name === '.git' || excluded(childRelative) || here.ignores(childRelative, true)) continue;
        try {
          childStats ??= lstatSync(childPath);
        } catch (error) {
          yield { kind: 'error', path: childPath, message: reasonOf(error) };
          continue;
        }
        yield* folder(childPath, childRelative, here, childStats);
      } else if (type === 'file') {
        if (excluded(childRelative) || !included(childRelative) || here.ignores(childRelative, false)) continue;
        yield { kind: 'file', path: childPath };
      }
    }
  }

  for (const root of roots) {
    let stats: Stats;
    try {
      stats = statSync(root);
    } catch (error) {
      yield { kind: 'error', path: root, message: reasonOf(error) };
      continue;
    }
    if (stats.isDirectory()) {
      yield* folder(root, '', options.gitignore ? await IgnoreRules.above(root) : IgnoreRules.NONE, stats);
    } else if (stats.isFile()) yield { kind: 'file', path: root };
    else yield { kind: 'error', path: root, message: 'not a file or folder' };
  }
}

/**
 * Whether a path relative to the scan root matches one of the globs (picomatch, dot files included): a glob with a
 * "/" is matched against the whole path, one without against the name alone (as .gitignore patterns and ripgrep's
 * globs are).
 */
function globMatcher(globs: readonly string[]): (path: string) => boolean {
  const withSlash = globs.filter((glob) => glob.includes('/'));
  const names = globs.filter((glob) => !glob.includes('/'));
  const path = withSlash.length > 0 ? picomatch(withSlash, { dot: true }) : () => false;
  const name = names.length > 0 ? picomatch(names, { dot: true }) : () => false;
  return (relative) => path(relative) || name(relative.slice(relative.lastIndexOf('/') + 1));
}
