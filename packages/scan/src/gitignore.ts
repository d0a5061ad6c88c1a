import { access, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';

/**
 * The .gitignore rules in force in a folder, as git applies them: each .gitignore covers its folder and below, a
 * deeper file's rules win over a shallower one's, `!pattern` re-includes, and nothing inside an ignored folder comes
 * back (the walk does not enter it). Pattern matching is the `ignore` package's, which implements git's rules
 * (and is what ESLint and Prettier use); names are case-sensitive, as git has them on Linux.
 */
export class IgnoreRules {
  /** each level turns a path relative to the scan root into one relative to its .gitignore, or null: not covered */
  private constructor(private readonly levels: readonly { local: (path: string) => string | null; rules: Ignore }[]) {}

  static readonly NONE = new IgnoreRules([]);

  /** These rules and those of a .gitignore in folder `base` (relative to the scan root, '' for the root itself). */
  with(base: string, gitignore: string): IgnoreRules {
    const local = (path: string): string | null =>
      base === '' ? path : path.startsWith(`${base}/`) ? path.slice(base.length + 1) : null;
    return new IgnoreRules([...this.levels, { local, rules: parse(gitignore) }]);
  }

  /** Whether `path` (relative to the scan root, with '/') is ignored; folders are tested as folders. */
  ignores(path: string, folder: boolean): boolean {
    let ignored = false;
    for (const { local, rules } of this.levels) {
      const relativePath = local(path);
      if (relativePath === null) continue;
      const result = rules.test(folder ? `${relativePath}/` : relativePath);
      if (result.ignored) ignored = true;
      else if (result.unignored) ignored = false;
    }
    return ignored;
  }

  /**
   * The rules of the .gitignore files above `root` in its git work tree (up to the folder that holds `.git`), as
   * git would apply them to what is inside `root`; none when `root` is in no work tree. As in ripgrep, a folder named
   * on the command line is read even if ignored: the rules apply below it, not to it (see belowRoot).
   */
  static async above(root: string): Promise<IgnoreRules> {
    const absolute = resolve(root);
    if (await exists(join(absolute, '.git'))) return IgnoreRules.NONE;
    const folders: string[] = [];
    for (let folder = dirname(absolute); ; folder = dirname(folder)) {
      folders.unshift(folder);
      if (await exists(join(folder, '.git'))) break;
      if (dirname(folder) === folder) return IgnoreRules.NONE;
    }
    const levels: { local: (path: string) => string | null; rules: Ignore }[] = [];
    for (const folder of folders) {
      let content: string;
      try {
        content = await readFile(join(folder, '.gitignore'), 'utf8');
      } catch {
        continue;
      }
      const prefix = relative(folder, absolute).split(sep).join('/');
      levels.push({ local: (path) => `${prefix}/${path}`, rules: parse(belowRoot(content, prefix)) });
    }
    return new IgnoreRules(levels);
  }
}

const parse = (gitignore: string): Ignore => ignore({ ignorecase: false }).add(gitignore);

/**
 * A .gitignore above a named folder without its patterns that ignore the folder itself (or a folder above it, at
 * `prefix` from the .gitignore): `wm scan node_modules` reads node_modules although `node_modules` is ignored,
 * while `*.log` still applies inside it. Git matches an ignored folder's contents through the folder, so keeping
 * such a pattern would ignore everything below the folder that was named.
 */
function belowRoot(gitignore: string, prefix: string): string {
  return gitignore
    .split(/\r?\n/)
    .filter((line) => line.startsWith('!') || !parse(line).ignores(`${prefix}/`))
    .join('\n');
}

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );
