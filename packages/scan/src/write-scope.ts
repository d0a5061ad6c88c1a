import { readlinkSync, realpathSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Where in-place stripping may write: the paths named on the command line, resolved once before the walk starts.
 * A folder covers everything below its real path; a file only itself (a named link names the file it points to,
 * as resolved then). Whatever the walk reaches through a link elsewhere is read, never rewritten.
 */
export interface NamedPath {
  /** as given on the command line */
  named: string;
  /** its real path (links resolved) when the scan started */
  real: string;
  folder: boolean;
}

export type WriteScope = readonly NamedPath[];

/** The scope of the paths named (those that do not exist are left out: the walk reports them). */
export function writeScopeOf(paths: readonly string[]): WriteScope {
  return paths.flatMap((named) => {
    try {
      return [{ named, real: realpathSync(named), folder: statSync(named).isDirectory() }];
    } catch {
      return [];
    }
  });
}

/** The named path `path` is, when it is one of them as given (a file named on the command line). */
export const namedFile = (scope: WriteScope, path: string): NamedPath | undefined =>
  scope.find((entry) => !entry.folder && entry.named === path);

/** Whether the file `name` of the folder whose real path is `folder` lies within the scope. */
export function withinScope(scope: WriteScope, folder: string, name: string): boolean {
  return scope.some((entry) => {
    if (!entry.folder) return join(folder, name) === entry.real;
    const below = relative(entry.real, folder);
    return below === '' || !(below === '..' || below.startsWith('../') || below.startsWith('/'));
  });
}

/**
 * The real path of an open folder: what the system says the handle is (Linux: /proc/self/fd), so that it is the
 * folder that will be written in, whatever happens to the names on the way afterwards.
 */
export function realFolderOf(handle: string, fallback: string): string {
  if (handle.startsWith('/proc/self/fd/')) return readlinkSync(handle);
  return realpathSync(fallback);
}
