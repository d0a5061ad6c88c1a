import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { walk, type WalkOptions } from '../src/walk.js';

// Which files wm scan reads: .gitignore files as git applies them, globs, symbolic links, never .git.

const root = mkdtempSync(join(tmpdir(), 'wm-walk-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  const base = mkdtempSync(join(root, 'tree-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(base, path, '..'), { recursive: true });
    writeFileSync(join(base, path), content);
  }
  return base;
}

const DEFAULTS: WalkOptions = { follow: false, gitignore: true, include: [], exclude: [] };

async function walked(paths: string[], options: Partial<WalkOptions> = {}, base = paths[0]): Promise<string[]> {
  const found: string[] = [];
  for await (const entry of walk(paths, { ...DEFAULTS, ...options })) {
    found.push(entry.kind === 'file' ? relative(base, entry.path) : `${entry.kind}: ${relative(base, entry.path)}`);
  }
  return found;
}

describe('walk', () => {
  it('reads every file in name order, honours nested .gitignore files as git does, never enters .git', async () => {
    const base = tree({
      '.gitignore': '*.log\nbuild/\n!keep.log\n',
      'a.txt': '',
      'b.log': '',
      'keep.log': '',
      'build/out.txt': '',
      'docs/.gitignore': 'draft*\n!draft-final.md\n',
      'docs/draft-1.md': '',
      'docs/draft-final.md': '',
      'docs/z.md': '',
      'docs/sub/x.log': '',
      '.git/config': '',
      '.hidden': '',
    });
    expect(await walked([base])).toEqual([
      '.gitignore',
      '.hidden',
      'a.txt',
      'docs/.gitignore',
      'docs/draft-final.md',
      'docs/z.md',
      'keep.log',
    ]);
    expect(await walked([base], { gitignore: false })).toEqual([
      '.gitignore',
      '.hidden',
      'a.txt',
      'b.log',
      'build/out.txt',
      'docs/.gitignore',
      'docs/draft-1.md',
      'docs/draft-final.md',
      'docs/sub/x.log',
      'docs/z.md',
      'keep.log',
    ]);
  });

  it('applies the .gitignore files above a folder inside a git work tree', async () => {
    const base = tree({ '.git/HEAD': '', '.gitignore': 'secret/\n*.tmp\n', 'src/a.txt': '', 'src/b.tmp': '' });
    expect(await walked([join(base, 'src')])).toEqual(['a.txt']);
    expect(await walked([join(base, 'src')], { gitignore: false })).toEqual(['a.txt', 'b.tmp']);
  });

  it('a folder named on the command line is read even if ignored; the rules still apply below it', async () => {
    const base = tree({
      '.git/HEAD': '',
      '.gitignore': 'node_modules\n*.log\n/vendor/\n',
      'node_modules/pkg/index.js': '',
      'node_modules/pkg/debug.log': '',
      'vendor/lib/a.txt': '',
      'src/a.txt': '',
    });
    expect(await walked([join(base, 'node_modules')])).toEqual(['pkg/index.js']);
    expect(await walked([join(base, 'vendor', 'lib')])).toEqual(['a.txt']);
    // not named: the ignored folders are passed over
    expect(await walked([base])).toEqual(['.gitignore', 'src/a.txt']);
  });

  it('--include/--exclude globs: without "/" they match names, with "/" paths; --exclude prunes folders', async () => {
    const base = tree({ 'a.md': '', 'b.txt': '', 'docs/c.md': '', 'docs/d.txt': '', 'vendor/e.md': '' });
    expect(await walked([base], { include: ['*.md'] })).toEqual(['a.md', 'docs/c.md', 'vendor/e.md']);
    expect(await walked([base], { include: ['*.md'], exclude: ['vendor'] })).toEqual(['a.md', 'docs/c.md']);
    expect(await walked([base], { include: ['docs/*.txt'] })).toEqual(['docs/d.txt']);
    expect(await walked([base], { exclude: ['*.txt', 'docs/**'] })).toEqual(['a.md', 'vendor/e.md']);
  });

  it('symbolic links: skipped unless --follow, a loop read once, a link named as a path always followed', async () => {
    const base = tree({ 'real/a.txt': '', 'other.txt': '' });
    symlinkSync(join(base, 'real'), join(base, 'linked'));
    symlinkSync(join(base, 'other.txt'), join(base, 'link.txt'));
    symlinkSync(base, join(base, 'real', 'loop'));
    symlinkSync(join(base, 'missing'), join(base, 'dangling'));
    expect(await walked([base])).toEqual(['other.txt', 'real/a.txt']);
    const followed = await walked([base], { follow: true });
    expect(followed).toContain('linked/a.txt');
    expect(followed).toContain('link.txt');
    expect(followed).toContain('error: dangling');
    expect(followed.filter((path) => path.endsWith('a.txt'))).toHaveLength(1);
    expect(await walked([join(base, 'link.txt')], {}, base)).toEqual(['link.txt']);
  });

  it('a path that does not exist is an error entry, and the walk goes on', async () => {
    const base = tree({ 'a.txt': '' });
    expect(await walked([join(base, 'nope'), base], {}, base)).toEqual(['error: nope', 'a.txt']);
  });
});
