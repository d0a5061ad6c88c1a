import { chmodSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, runWm } from './codec-harness.js';
import { c2paWrapper } from '../../packages/codec/test/c2pa-fixtures.js';

// wm scan and wm strip --in-place over trees of files, run as a user runs them (the built CLI, worker threads
// from its bundle).

const temp = makeTempDir();
afterAll(() => temp.remove());

const PROSE = 'The quick brown fox jumps over the lazy dog, and then it naps in the warm afternoon sun.';
const LONG = 'Robust marks ride on many visible characters of this longer paragraph. '.repeat(12);

async function out(args: string[], input?: string): Promise<string> {
  const run = await runWm(args, { input });
  if (run.code !== 0) throw new Error(`wm ${args.join(' ')}: ${run.code} ${run.stderr}`);
  return run.out;
}

/** A folder of files, written as given (strings as UTF-8, bytes as they are). */
function tree(name: string, files: Record<string, string | Buffer>): string {
  const base = temp.path(name);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(base, path, '..'), { recursive: true });
    writeFileSync(join(base, path), content);
  }
  return base;
}

const jsonLines = (text: string): Record<string, any>[] =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, any>);

describe('wm scan', async () => {
  const marked = await out(['encode', '--secret', 'copy #17'], PROSE);
  const robust = await out(['encode-robust', '--secret', 'rob-1'], LONG);
  const keyFile = temp.path('team.key');
  await out(['keygen', '-o', keyFile]);
  const keyed = await out(['encode', '--secret', 'for the team', '--key-file', keyFile], PROSE);
  const base = tree('mixed', {
    'a-marked.txt': `${PROSE}\n${marked}\n`,
    'b-clean.txt': `${PROSE}\nI ❤️ NY 👨‍👩‍👧\n`,
    'c-hidden.txt': `first line\nzero\u200Bwidth and \u202Eright to left\u202C\ntag\u{E0041}here\n`,
    'd-keyed.txt': keyed,
    'docs/e-robust.md': `# Title\n\n${robust}\n`,
    'docs/f-c2pa.txt': `${PROSE}${c2paWrapper()}`,
    'g-utf16.txt': Buffer.from(`\uFEFFsecond\u2060word\n`, 'utf16le'),
    'h-binary.bin': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0xe2, 0x80, 0x8b]),
  });

  it('lists every finding per file, with positions, and a summary; exit 0', async () => {
    const run = await runWm(['scan', base]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.out).toContain(`${join(base, 'a-marked.txt')}\n  warning  watermark  2:2  "copy #17"\n`);
    // hidden text is an error, and what the tags spell is shown
    expect(run.out).toMatch(/c-hidden\.txt\n {2}error {4}tag characters ×1 +3:4 +spelling "A"\n/);
    expect(run.out).toMatch(/"A"\n {2}warning {2}zero-width ×1 +2:5 +U\+200B\n/);
    expect(run.out).toMatch(/U\+200B\n {2}warning {2}direction controls ×2 +2:16 2:30 +U\+202C, U\+202E\n/);
    expect(run.out).toContain('warning  watermark  1:2  keyed (no key given: --key-file or --channel)');
    expect(run.out).toMatch(/e-robust\.md\n {2}warning {2}robust watermark {2}3:\d+–3:\d+ {2}"rob-1" \(\d+ copies\)/);
    expect(run.out).toMatch(/f-c2pa\.txt\n {2}warning {2}C2PA manifest {2}1:\d+ {2}v1, 67 bytes, valid framing/);
    expect(run.out).toMatch(/g-utf16\.txt\n {2}warning {2}zero-width ×1 +1:7 +U\+2060/);
    expect(run.out).not.toContain('b-clean');
    expect(run.out).toMatch(/6 files with hidden characters of 7 files scanned \([\d.]+ [kM]?B in [\d.]+ s\); /);
    expect(run.out).toMatch(/s\); skipped 1 binary \(--verbose lists them\)\n$/);
    // a pipe gets no colour and no progress line
    expect(run.out + run.stderr).not.toContain('\x1b');
  });

  it('--key-file opens keyed watermarks; -l prints the paths only; --json prints JSON Lines', async () => {
    expect(await out(['scan', '--key-file', keyFile, join(base, 'd-keyed.txt')])).toContain('"for the team"');
    const list = (await out(['scan', '-l', base])).trim().split('\n');
    expect(list.map((path) => path.slice(base.length + 1))).toEqual([
      'a-marked.txt',
      'c-hidden.txt',
      'd-keyed.txt',
      'docs/e-robust.md',
      'docs/f-c2pa.txt',
      'g-utf16.txt',
    ]);
    const lines = jsonLines(await out(['scan', '--json', '--verbose', base]));
    const summary = lines.at(-1)!;
    expect(summary).toMatchObject({
      type: 'summary',
      files_scanned: 7,
      files_with_findings: 6,
      skipped_binary: 1,
      skipped_too_large: 0,
      unreadable: 0,
    });
    const files = Object.fromEntries(
      lines.filter((line) => line.type === 'file').map((line) => [line.path.slice(base.length + 1), line]),
    );
    expect(files['a-marked.txt']).toEqual({
      type: 'file',
      path: join(base, 'a-marked.txt'),
      encoding: 'utf-8',
      bytes: Buffer.byteLength(`${PROSE}\n${marked}\n`),
      watermarks: [{ at: { line: 2, column: 2 }, level: 'warning', decoded: 'copy #17', keyed: false }],
      robust: [],
      c2pa: [],
      hidden: [],
      confusables: [],
    });
    expect(files['d-keyed.txt'].watermarks).toEqual([
      { at: { line: 1, column: 2 }, level: 'warning', decoded: null, keyed: true, error: 'KEY_REQUIRED' },
    ]);
    expect(files['docs/e-robust.md'].robust[0]).toMatchObject({ decoded: 'rob-1', keyed: false, start: { line: 3 } });
    expect(files['docs/f-c2pa.txt'].c2pa).toEqual([
      {
        at: { line: 1, column: PROSE.length + 1 },
        level: 'warning',
        version: 1,
        length: 67,
        label: 'c2pa',
        valid: true,
      },
    ]);
    expect(files['g-utf16.txt']).toMatchObject({
      encoding: 'utf-16le',
      hidden: [{ kind: 'zero-width', count: 1, places: 1, code_points: { 'U+2060': 1 } }],
    });
    expect(lines.find((line) => line.type === 'skipped')).toEqual({
      type: 'skipped',
      path: join(base, 'h-binary.bin'),
      reason: 'binary',
      detail: 'NUL bytes',
      bytes: 9,
    });
  });

  it('raw selectors are listed with their bytes, never as a secret; with a key, an unkeyed mark says so', async () => {
    const selectors = (...points: number[]) => String.fromCodePoint(...points);
    const raw = `Hi${selectors(0xe0158, 0xe0159)} there, and a${selectors(0xe01e7, 0xfe01)} more\n`;
    const dir = tree('raw', { 'raw.txt': raw, 'marked.txt': `${marked}\n` });
    const table = await out(['scan', '--key-file', keyFile, dir]);
    expect(table).toMatch(
      /raw\.txt\n {2}error {2}selectors ×4 +1:3 1:18 +Variation selectors carrying data .*: 68 69; f7 01\n/,
    );
    expect(table).toMatch(/marked\.txt\n {2}warning {2}watermark {2}1:2 {2}"copy #17" \(not keyed\)\n/);
    const [file] = jsonLines(await out(['scan', '--json', join(dir, 'raw.txt')]));
    expect(file).toMatchObject({
      watermarks: [],
      hidden: [{ kind: 'raw', count: 4, places: 2, bytes: ['68 69', 'f7 01'] }],
    });
    expect(await out(['scan', dir])).not.toContain('(not keyed)');
  });

  it('exit 1 when nothing is found (nothing on stderr); 4 when a path cannot be read, after the rest', async () => {
    const clean = tree('clean', { 'a.txt': PROSE, 'b.txt': 'I ❤️ NY' });
    expect(await runWm(['scan', clean])).toMatchObject({ code: 1, stderr: '' });
    const missing = await runWm(['scan', join(clean, 'nope.txt'), base]);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toBe(`wm: cannot read ${join(clean, 'nope.txt')}: no such file or directory\n`);
    expect(missing.out).toContain('"copy #17"');
    expect(missing.out).toContain('1 could not be read');
  });

  it('--channel reads keyed watermarks with a stored channel key, offline', async () => {
    const home = temp.path('home');
    const env = { WM_HOME: home, WM_SCRYPT_LN: '10', WM_MASTER_KEY: undefined };
    const admin = async (args: string[], input?: string) => {
      const run = await runWm(args, { env, input });
      expect(run.code, run.stderr).toBe(0);
      return run.out;
    };
    await admin(
      ['users', 'create', '--email', 'ada@example.com', '--username', 'ada', '--verified', '--password-stdin'],
      'Correct horse 42\n',
    );
    await admin(['users', 'set-plan', 'ada@example.com', 'starter']);
    await admin(['channels', 'create', '--user', 'ada@example.com', 'press']);
    const channel = ['--channel', 'press', '--user', 'ada@example.com'];
    const sealed = tree('channel', {
      'sealed.txt': await admin(['encode', '--secret', 'press only', ...channel], PROSE),
    });
    expect(await admin(['scan', ...channel, sealed])).toContain('"press only"');
    expect((await runWm(['scan', sealed], { env })).out).toContain('keyed (no key given');
  });

  it('usage errors exit 2', async () => {
    expect((await runWm(['scan', '--json', '-l', base])).code).toBe(2);
    expect((await runWm(['scan', '--dry-run', base])).code).toBe(2);
    expect((await runWm(['scan', '--max-size', 'lots', base])).code).toBe(2);
    expect((await runWm(['scan', '--threads', '0', base])).code).toBe(2);
  });

  it('--max-size skips larger files; .gitignore is honoured unless --no-ignore; globs pick files', async () => {
    const sized = await runWm(['scan', '--max-size', '100', '--json', '--verbose', base]);
    const summary = jsonLines(sized.out).at(-1)!;
    expect(summary.skipped_too_large).toBeGreaterThan(0);
    const ignoring = tree('ignoring', { '.gitignore': 'secret*\n', 'secret.txt': 'a\u200Bb', 'open.txt': 'c\u200Bd' });
    expect(await out(['scan', '-l', ignoring])).toBe(`${join(ignoring, 'open.txt')}\n`);
    expect((await out(['scan', '-l', '--no-ignore', ignoring])).split('\n')).toHaveLength(3);
    expect(await out(['scan', '-l', '--include', '*.md', base])).toBe(`${join(base, 'docs', 'e-robust.md')}\n`);
    expect((await out(['scan', '-l', '--exclude', 'docs', base])).split('\n')).not.toContain(
      join(base, 'docs', 'e-robust.md'),
    );
  });

  it('many files are read on worker threads or in the main thread: the same report, in the same order', async () => {
    const files: Record<string, string> = {};
    for (let k = 0; k < 40; k++) files[`f${String(k).padStart(2, '0')}.txt`] = k % 3 === 0 ? `x\u200By ${k}` : PROSE;
    files['z-marked.txt'] = marked;
    const many = tree('many', files);
    const one = await out(['scan', '--threads', '1', many]);
    const two = await out(['scan', '--threads', '2', many]);
    const strip = (text: string) => text.replace(/ in [\d.]+ s\)/, '');
    expect(strip(two)).toBe(strip(one));
    // by default a tree this small is read in the main thread: the same report
    expect(strip(await out(['scan', many]))).toBe(strip(one));
    expect(one.match(/^\S.*\.txt$/gm)).toHaveLength(15);
    // a V8 flag given to node reaches the workers as it reaches the process (Node refuses one listed for a worker)
    const flagged = await runWm(['scan', '-l', '--threads', '2', many], { nodeArgs: ['--stack-size=900'] });
    expect([flagged.code, flagged.stderr]).toEqual([0, '']);
    expect(flagged.out.split('\n').filter(Boolean)).toHaveLength(15);
  });
});

describe('wm strip --in-place and wm scan --strip', () => {
  const C2PA = c2paWrapper();

  it('removes the marks atomically, keeping mode, line ends and encoding; --dry-run changes nothing', async () => {
    const marked = await out(['encode', '--secret', 'copy #17'], `${PROSE}\r\nline two\r\n`);
    const base = tree('strip', {
      'marked.txt': marked,
      'bom.txt': `\uFEFFbyte order mark\u200B kept\n`,
      'utf16be.txt': Buffer.from(`\uFEFFbig\u2060endian\n`, 'utf16le').swap16(),
      'clean.txt': PROSE,
      'c2pa.txt': `${PROSE}\u200B${C2PA}`,
    });
    chmodSync(join(base, 'marked.txt'), 0o640);
    const before = readFileSync(join(base, 'marked.txt'));
    const dry = await runWm(['strip', '--in-place', '--dry-run', base]);
    expect(dry.code).toBe(0);
    expect(dry.out).toContain(`${join(base, 'marked.txt')}: would remove`);
    expect(readFileSync(join(base, 'marked.txt'))).toEqual(before);

    const run = await runWm(['strip', '--in-place', base]);
    expect(run.code).toBe(0);
    expect(run.out).toContain(
      `${join(base, 'c2pa.txt')}: stripped: 1 hidden character removed; kept a C2PA manifest (--all removes it)`,
    );
    expect(run.out).toMatch(/4 files stripped of 5 files scanned/);
    expect(readFileSync(join(base, 'marked.txt'), 'utf8')).toBe(`${PROSE}\r\nline two\r\n`);
    expect(statSync(join(base, 'marked.txt')).mode & 0o777).toBe(0o640);
    expect(readFileSync(join(base, 'bom.txt'), 'utf8')).toBe('\uFEFFbyte order mark kept\n');
    expect(readFileSync(join(base, 'utf16be.txt'))).toEqual(Buffer.from('\uFEFFbigendian\n', 'utf16le').swap16());
    expect(readFileSync(join(base, 'c2pa.txt'), 'utf8')).toBe(`${PROSE}${C2PA}`);
    // nothing left to strip: exit 1; --all removes the manifest too
    expect((await runWm(['strip', '--in-place', base])).code).toBe(1);
    expect((await runWm(['strip', '--in-place', '--all', join(base, 'c2pa.txt')])).code).toBe(0);
    expect(readFileSync(join(base, 'c2pa.txt'), 'utf8')).toBe(PROSE);
  });

  it('a symbolic link named as a path: the file it points to is rewritten, the link stays', async () => {
    const base = tree('links', { 'real.txt': 'a\u200Bb' });
    symlinkSync(join(base, 'real.txt'), join(base, 'link.txt'));
    expect((await runWm(['strip', '--in-place', join(base, 'link.txt')])).code).toBe(0);
    expect(readFileSync(join(base, 'real.txt'), 'utf8')).toBe('ab');
    expect(statSync(join(base, 'link.txt')).isFile()).toBe(true);
  });

  it('--follow reads and reports a link out of the tree, never rewrites it (text, --json, SARIF)', async () => {
    const outside = tree('outside', { 'secret.txt': 'a\u200Bb\n', 'folder/c.txt': 'c\u200Bd\n' });
    const base = tree('follow', { 'own.txt': 'e\u200Bf\n' });
    symlinkSync(join(outside, 'secret.txt'), join(base, 'link.txt'));
    symlinkSync(join(outside, 'folder'), join(base, 'folder'));
    const run = await runWm(['strip', '--in-place', '--follow', base]);
    expect(run.code).toBe(0);
    expect(run.out).toContain(`${join(base, 'own.txt')}: stripped: 1 hidden character removed\n`);
    expect(run.out).toContain(`${join(base, 'link.txt')}: a symbolic link: read, not rewritten`);
    expect(run.out).toContain(`${join(base, 'folder', 'c.txt')}: reached through a symbolic link, outside the paths`);
    expect(run.out).toMatch(/1 file stripped of 3 files scanned .*; 2 files with marks left as they were/);
    expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('a\u200Bb\n');
    expect(readFileSync(join(outside, 'folder', 'c.txt'), 'utf8')).toBe('c\u200Bd\n');
    const lines = jsonLines(await out(['scan', '--strip', '--follow', '--json', base]));
    expect(lines.find((line) => line.path === join(base, 'link.txt'))).toMatchObject({
      strip: { removed: 0, written: false, skipped: expect.stringContaining('symbolic link') },
    });
    expect(lines.at(-1)).toMatchObject({ type: 'summary', files_stripped: 0, files_not_rewritten: 2 });
    const sarif = JSON.parse(await out(['scan', '--strip', '--follow', '--format', 'sarif', base]));
    const notes = sarif.runs[0].invocations[0].toolExecutionNotifications;
    expect(notes.map((note: any) => note.message.text)).toEqual([
      expect.stringMatching(/^not stripped .*folder\/c\.txt: reached through a symbolic link/),
      expect.stringMatching(/^not stripped .*link\.txt: a symbolic link/),
    ]);
    expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe('a\u200Bb\n');
  });

  it('wm scan --strip reports and strips; --json carries the strip object', async () => {
    const base = tree('scan-strip', { 'a.txt': 'x\u200By\u202Ez' });
    const lines = jsonLines(await out(['scan', '--strip', '--json', base]));
    expect(lines[0]).toMatchObject({ path: join(base, 'a.txt'), strip: { removed: 1, written: true } });
    // direction controls are reported but stay: they change how right-to-left text reads (docs/CLI.md)
    expect(readFileSync(join(base, 'a.txt'), 'utf8')).toBe('xy\u202Ez');
  });

  it('without --in-place strip still reads one text; several paths or --dry-run alone are usage errors', async () => {
    expect(await runWm(['strip'], { input: 'a\u200Bb' })).toMatchObject({ code: 0, out: 'ab' });
    expect(await runWm(['strip', 'a', 'b'])).toMatchObject({ code: 2, stderr: 'wm: several paths need --in-place\n' });
    expect((await runWm(['strip', '--dry-run'], { input: 'x' })).code).toBe(2);
  });
});
