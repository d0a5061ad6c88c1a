import {
  chmodSync,
  chownSync,
  existsSync,
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
import { writeFileAtomic } from '../../src/scan/atomic-write.js';
import { scanFile } from '../../src/scan/scan-file.js';
import { stripFile } from '../../src/scan/strip-file.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wm-strip-file-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const MARKED = 'a\u200Bb\u2060c\n';
const strip = (path: string, followLinks = false) =>
  stripFile(path, 'utf-8', 0, { all: false, dryRun: false, followLinks });

describe('wm strip --in-place on one file', () => {
  it('never rewrites a file outside the tree through a link swapped in after the walk saw a file', async () => {
    const tree = join(dir, 'tree');
    mkdirSync(tree);
    const outside = join(dir, 'outside.txt');
    writeFileSync(outside, MARKED);
    // the walk saw tree/a.txt as a file; then it became a link to a file outside the tree
    symlinkSync(outside, join(tree, 'a.txt'));
    const report = await strip(join(tree, 'a.txt'));
    expect(report).toMatchObject({ written: false, skipped: expect.stringContaining('symbolic link') });
    expect(readFileSync(outside, 'utf8')).toBe(MARKED);
    // a link followed on purpose (--follow, or the path named on the command line) is rewritten where it points
    expect(await strip(join(tree, 'a.txt'), true)).toMatchObject({ written: true });
    expect(readFileSync(outside, 'utf8')).toBe('abc\n');
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
    const settings = { positions: 5, strip: { all: false, dryRun: false, follow: false, roots: [] } };
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
