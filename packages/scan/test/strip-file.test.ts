import {
  chmodSync,
  chownSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../src/atomic-write.js';
import { scanFile } from '../src/scan-file.js';
import { LEFT_AS_IT_IS, stripFile } from '../src/strip-file.js';
import { writeScopeOf } from '../src/write-scope.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wm-strip-file-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const MARKED = 'a\u200Bb\u2060c\n';
/** Strips `path` as `wm strip --in-place NAMED…` would (by default the test's folder is the path named). */
const strip = (path: string, named: string[] = [dir]) =>
  stripFile(path, 'utf-8', 0, { all: false, dryRun: false, scope: writeScopeOf(named) });

describe('wm strip --in-place on one file', () => {
  it('never rewrites a file outside the tree through a link swapped in after the walk saw a file', async () => {
    const tree = join(dir, 'tree');
    mkdirSync(tree);
    const outside = join(dir, 'outside.txt');
    writeFileSync(outside, MARKED);
    // the walk saw tree/a.txt as a file; then it became a link to a file outside the tree
    symlinkSync(outside, join(tree, 'a.txt'));
    const report = await strip(join(tree, 'a.txt'), [tree]);
    expect(report).toMatchObject({ written: false, skipped: LEFT_AS_IT_IS.link });
    expect(readFileSync(outside, 'utf8')).toBe(MARKED);
    // nor through a link that stays inside the tree: the file itself is rewritten where the walk finds it
    expect(await strip(join(tree, 'a.txt'), [dir])).toMatchObject({ written: false, skipped: LEFT_AS_IT_IS.link });
    expect(readFileSync(outside, 'utf8')).toBe(MARKED);
    // a link named on the command line is followed: the file it points to is rewritten, the link stays
    expect(await strip(join(tree, 'a.txt'), [join(tree, 'a.txt')])).toMatchObject({ written: true });
    expect(readFileSync(outside, 'utf8')).toBe('abc\n');
    expect(lstatSync(join(tree, 'a.txt')).isSymbolicLink()).toBe(true);
  });

  it('never rewrites a file through a folder that is a link out of the tree (--follow, or swapped in)', async () => {
    const tree = join(dir, 'tree');
    const elsewhere = join(dir, 'elsewhere');
    mkdirSync(tree);
    mkdirSync(elsewhere);
    writeFileSync(join(elsewhere, 'b.txt'), MARKED);
    symlinkSync(elsewhere, join(tree, 'sub'));
    expect(await strip(join(tree, 'sub', 'b.txt'), [tree])).toMatchObject({
      written: false,
      skipped: LEFT_AS_IT_IS.outside,
    });
    expect(readFileSync(join(elsewhere, 'b.txt'), 'utf8')).toBe(MARKED);
    // a link from one folder of the tree to another leads to a file of the tree: rewritten there
    expect(await strip(join(tree, 'sub', 'b.txt'), [tree, elsewhere])).toMatchObject({ written: true });
    expect(readFileSync(join(elsewhere, 'b.txt'), 'utf8')).toBe('abc\n');
    // a file named alone covers itself, not its neighbours reached by another name
    writeFileSync(join(elsewhere, 'c.txt'), MARKED);
    const named = [join(elsewhere, 'b.txt')];
    expect(await strip(join(elsewhere, 'c.txt'), named)).toMatchObject({ skipped: LEFT_AS_IT_IS.outside });
  });

  it('rewrites a file with other hard links as a new file: those keep the old content, and it says so', async () => {
    const tree = join(dir, 'tree');
    mkdirSync(tree);
    const outside = join(dir, 'outside.txt');
    writeFileSync(outside, MARKED);
    linkSync(outside, join(tree, 'a.txt'));
    expect(await strip(join(tree, 'a.txt'), [tree])).toMatchObject({ written: true, other_links: 1 });
    expect(readFileSync(join(tree, 'a.txt'), 'utf8')).toBe('abc\n');
    expect(readFileSync(outside, 'utf8')).toBe(MARKED);
  });

  it('keeps a private file private while it is rewritten, and its mode after', async () => {
    const path = join(dir, 'private.txt');
    writeFileSync(path, MARKED);
    chmodSync(path, 0o600);
    let modeWhileWriting = -1;
    await writeFileAtomic(
      path,
      async (handle) => {
        modeWhileWriting = (await handle.stat()).mode & 0o777;
        await handle.writeFile('x');
      },
      { replacing: { ...statSync(path), mode: 0o640 } },
    );
    expect(modeWhileWriting).toBe(0o600);
    expect(statSync(path).mode & 0o777).toBe(0o640);
    chmodSync(path, 0o600);
    writeFileSync(path, MARKED);
    // run as root, the file stays its owner's
    const asRoot = process.getuid?.() === 0;
    if (asRoot) chownSync(path, 1234, 1234);
    expect(await strip(path)).toMatchObject({ written: true });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    if (asRoot) expect([statSync(path).uid, statSync(path).gid]).toEqual([1234, 1234]);
  });

  it('takes over the temporary file a killed run left, but not one another process is writing', async () => {
    const path = join(dir, 'left.txt');
    writeFileSync(path, MARKED);
    const temp = join(dir, '.left.txt.wm-tmp');
    writeFileSync(temp, 'half of a copy', { mode: 0o644 });
    await expect(strip(path)).rejects.toThrow(/another process is writing/);
    expect(readFileSync(path, 'utf8')).toBe(MARKED);
    const twoMinutesAgo = Date.now() / 1000 - 120;
    utimesSync(temp, twoMinutesAgo, twoMinutesAgo);
    expect(await strip(path)).toMatchObject({ written: true });
    expect(readFileSync(path, 'utf8')).toBe('abc\n');
    expect(readdirSync(dir)).toEqual(['left.txt']);
  });

  it('does not wait on a FIFO swapped in for a file after the walk saw it', async () => {
    const path = join(dir, 'fifo.txt');
    execFileSync('mkfifo', [path]);
    const settings = { positions: 5, strip: { all: false, dryRun: false, scope: writeScopeOf([dir]) } };
    const hung = new Promise((resolve) => setTimeout(() => resolve('waiting for a writer'), 5_000).unref());
    const outcome = await Promise.race([scanFile(path, settings), hung]);
    expect(outcome).toMatchObject({ path });
    expect(await Promise.race([strip(path), hung])).toMatchObject({ written: false });
  });

  it('does not replace a file that was swapped for another before the rename', async () => {
    const path = join(dir, 'swapped.txt');
    writeFileSync(path, MARKED);
    const checked = statSync(path);
    // another file renamed over it (made while the first still exists: another inode)
    writeFileSync(join(dir, 'other.txt'), 'someone else’s file');
    renameSync(join(dir, 'other.txt'), path);
    await expect(writeFileAtomic(path, 'stripped', { replacing: checked })).rejects.toThrow(/changed while/);
    expect(readFileSync(path, 'utf8')).toBe('someone else’s file');
    expect(existsSync(join(dir, '.swapped.txt.wm-tmp'))).toBe(false);
  });
});
