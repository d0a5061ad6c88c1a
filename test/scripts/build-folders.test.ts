import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { abandonBuild, newBuildId, publishBuild, startBuild } from '../../scripts/build-folders.mjs';
import { ROOT, makeTempDir } from '../cli/codec-harness.js';

const temp = makeTempDir();
afterAll(() => temp.remove());
const BUILD_FOLDERS = new URL('../../scripts/build-folders.mjs', import.meta.url).href;

/** A package folder with the real launcher (bin/wm.js) and no build yet. */
function makePackage(name: string): string {
  const dir = temp.path(name);
  mkdirSync(join(dir, 'bin'), { recursive: true });
  for (const file of ['wm.js', 'package.json']) copyFileSync(join(ROOT, 'bin', file), join(dir, 'bin', file));
  return dir;
}

/**
 * A build whose CLI bundle prints the folder it runs from, then (after a line on stdin with `wait`) what a bundle
 * beside it, required later as the CLI requires its bundles apart, says: the build's mark.
 */
const CLI_BUNDLE = `exports.main = async (argv) => {
  process.stdout.write('from ' + __dirname + '\\n');
  if (argv[2] === 'wait') await new Promise((resolve) => process.stdin.once('data', resolve));
  process.stdout.write('mark ' + require('./wm-later.cjs').mark + '\\n');
  return 0;
};`;

function writeBuild(dir: string, mark: string): string {
  const build = startBuild(dir, newBuildId());
  mkdirSync(join(build, 'bundle'));
  writeFileSync(join(build, 'bundle', 'wm.cjs'), CLI_BUNDLE);
  writeFileSync(join(build, 'bundle', 'wm-later.cjs'), `exports.mark = ${JSON.stringify(mark)};`);
  return build;
}

const buildFolders = (dir: string) => readdirSync(dir).filter((name) => /^\.dist-\d+-\d+$/.test(name));

/** Starts `wm wait` and resolves once it has said which build it runs from. */
function startWaitingWm(dir: string): Promise<{ from: string; finish: () => Promise<string> }> {
  const child = spawn(process.execPath, [join(dir, 'bin', 'wm.js'), 'wait'], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  const closed = new Promise<string>((resolve) => child.on('close', () => resolve(out)));
  return new Promise((resolve) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const from = /^from (.*)$/m.exec(out);
      if (from && !out.includes('mark'))
        resolve({
          from: from[1],
          finish: () => {
            child.stdin.end('go\n');
            return closed;
          },
        });
    });
  });
}

describe('builds are swapped in whole, and a running wm keeps its own', () => {
  it('dist/ holds the current build as real files, and .dist-current points at its folder', () => {
    const dir = makePackage('published');
    const build = writeBuild(dir, 'one');
    expect(existsSync(join(dir, 'dist'))).toBe(false);
    publishBuild(dir, build);
    expect(lstatSync(join(dir, 'dist')).isDirectory()).toBe(true);
    expect(readFileSync(join(dir, 'dist', 'bundle', 'wm-later.cjs'), 'utf8')).toContain('one');
    expect(readdirSync(join(dir, 'dist'))).not.toContain('.running');
    const run = spawnSync(process.execPath, [join(dir, 'bin', 'wm.js')], { encoding: 'utf8' });
    expect(run.stdout).toBe(`from ${join(build, 'bundle')}\nmark one\n`);
  });

  it('a wm started before later builds runs from its build to the end; its build goes once it has exited', async () => {
    const dir = makePackage('pinned');
    const first = writeBuild(dir, 'first');
    publishBuild(dir, first);
    const running = await startWaitingWm(dir);
    expect(running.from).toBe(join(first, 'bundle'));
    for (const mark of ['second', 'third', 'fourth']) publishBuild(dir, writeBuild(dir, mark));
    expect(readFileSync(join(dir, 'dist', 'bundle', 'wm-later.cjs'), 'utf8')).toContain('fourth');
    expect(await running.finish()).toContain('mark first\n');
    expect(existsSync(first)).toBe(true);
    publishBuild(dir, writeBuild(dir, 'fifth'));
    // the current build and the one it replaced
    expect(existsSync(first)).toBe(false);
    expect(buildFolders(dir)).toHaveLength(2);
  });

  it('a wm starting while builds are published finds a whole build every time', () => {
    const dir = makePackage('busy');
    publishBuild(dir, writeBuild(dir, 'mark0'));
    const publisher = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { newBuildId, publishBuild, startBuild } from ${JSON.stringify(BUILD_FOLDERS)};
         import { mkdirSync, writeFileSync } from 'node:fs';
         const dir = ${JSON.stringify(dir)};
         for (let n = 1; n <= 1000; n++) {
           const build = startBuild(dir, newBuildId());
           mkdirSync(build + '/bundle');
           writeFileSync(build + '/bundle/wm.cjs', ${JSON.stringify(CLI_BUNDLE)});
           for (let file = 0; file < 20; file++) writeFileSync(build + '/bundle/filler' + file, 'x'.repeat(4096));
           writeFileSync(build + '/bundle/wm-later.cjs', 'exports.mark = "mark' + n + '";');
           publishBuild(dir, build);
         }`,
      ],
      { stdio: 'inherit' },
    );
    const marks = new Set<string>();
    try {
      for (let run = 0; run < 12; run++) {
        const wm = spawnSync(process.execPath, [join(dir, 'bin', 'wm.js')], { encoding: 'utf8' });
        expect(wm.stderr).toBe('');
        expect(wm.stdout).toMatch(/^from .*\nmark mark\d+\n$/);
        marks.add(wm.stdout.split('\n')[1]);
      }
    } finally {
      publisher.kill();
    }
    // the runs met several builds: they started while builds were being published
    expect(marks.size).toBeGreaterThan(2);
  });

  it('two builds published at once leave dist/ and .dist-current on the same build', async () => {
    const dir = makePackage('racing');
    const publish = (mark: string) =>
      new Promise<number | null>((resolve) =>
        spawn(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            `import { newBuildId, publishBuild, startBuild } from ${JSON.stringify(BUILD_FOLDERS)};
             import { mkdirSync, writeFileSync } from 'node:fs';
             for (let n = 0; n < 20; n++) {
               const build = startBuild(${JSON.stringify(dir)}, newBuildId());
               mkdirSync(build + '/bundle');
               writeFileSync(build + '/bundle/wm-later.cjs', ${JSON.stringify(mark)} + n);
               publishBuild(${JSON.stringify(dir)}, build);
             }`,
          ],
          { stdio: 'inherit' },
        ).on('exit', resolve),
      );
    expect(await Promise.all([publish('a'), publish('b')])).toEqual([0, 0]);
    const mark = (folder: string) => readFileSync(join(dir, folder, 'bundle', 'wm-later.cjs'), 'utf8');
    expect(mark('dist')).toBe(mark('.dist-current'));
    expect(
      readdirSync(dir).filter((name) => name.startsWith('.dist-') && !/^\.dist-(\d+-\d+|current)$/.test(name)),
    ).toEqual([]);
  });

  it('a failed build changes nothing; a build that died is removed, one still being written is not', () => {
    const dir = makePackage('failing');
    publishBuild(dir, writeBuild(dir, 'good'));
    const failed = writeBuild(dir, 'bad');
    abandonBuild(failed);
    expect(existsSync(failed)).toBe(false);
    expect(readFileSync(join(dir, 'dist', 'bundle', 'wm-later.cjs'), 'utf8')).toContain('good');

    // a build is registered to the process that writes it (this one): this one's writer has died
    const died = writeBuild(dir, 'died');
    const exited = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    });
    renameSync(join(died, '.running', String(process.pid)), join(died, '.running', exited.stdout));
    const beingWritten = writeBuild(dir, 'unfinished');
    // a build folder appears with its registration, made under another name by the process that names it: what a
    // process that died there left is removed, what a live one is making is not
    const startedBy = (pid: string) => join(dir, `.dist-1-1-new-${pid}`, '.running');
    mkdirSync(startedBy(exited.stdout), { recursive: true });
    mkdirSync(startedBy(String(process.pid)), { recursive: true });
    publishBuild(dir, writeBuild(dir, 'next'));
    expect(existsSync(died)).toBe(false);
    expect(existsSync(beingWritten)).toBe(true);
    expect(existsSync(startedBy(exited.stdout))).toBe(false);
    expect(existsSync(startedBy(String(process.pid)))).toBe(true);
  });
});
