import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strip } from 'wm-watermark-codec/strip';
import { MEMO } from '../domain/copies/texts.js';
import { makeTempDir, runWm } from './codec-harness.js';
import { hasScript, onTerminal } from './terminal.js';

const temp = makeTempDir();
const EMAIL = 'ada@example.com';
const env = { WM_HOME: temp.path('home') };
const wm = (args: string[], input?: string) => runWm(args, { env, input });
const offline = ['--user', EMAIL];

beforeAll(async () => {
  const created = await wm(
    ['users', 'create', '--email', EMAIL, '--username', 'ada', '--verified', '--plan', 'starter', '--password-stdin'],
    'correct horse battery 42\n',
  );
  expect(created.code, created.stderr).toBe(0);
  writeFileSync(temp.path('memo.txt'), MEMO);
  writeFileSync(temp.path('recipients.txt'), '# the board\ncarol\n\ndave@example.org\n');
});
afterAll(() => temp.remove());

describe('wm copies and wm trace, offline in the data folder', () => {
  it('issues one file per recipient, lists them, and traces each back (exit 0)', async () => {
    const out = temp.path('out');
    const issued = await wm([
      'copies',
      'issue',
      temp.path('memo.txt'),
      '--to',
      'alice@example.com',
      '--to',
      'bob',
      '--to-file',
      temp.path('recipients.txt'),
      '-o',
      out,
      '--json',
      ...offline,
    ]);
    expect(issued.code, issued.stderr).toBe(0);
    const body = JSON.parse(issued.out) as {
      document: { id: string; name: string };
      copies: { recipient: string; copy_id: string; file: string }[];
    };
    expect(body.document.name).toBe('memo.txt');
    expect(body.copies.map((copy) => copy.recipient)).toEqual([
      'alice@example.com',
      'bob',
      'carol',
      'dave@example.org',
    ]);
    expect(readdirSync(out).sort()).toEqual([
      'memo.alice@example.com.txt',
      'memo.bob.txt',
      'memo.carol.txt',
      'memo.dave@example.org.txt',
    ]);
    for (const copy of body.copies) {
      expect(strip(readFileSync(copy.file, 'utf8'))).toBe(MEMO);
      const traced = await wm(['trace', copy.file, ...offline]);
      expect(traced.code, traced.stderr).toBe(0);
      expect(traced.out).toContain(`recipient: ${copy.recipient}\n`);
    }
    const listed = await wm(['copies', 'list', '--document', String(body.document.id), '--json', ...offline]);
    expect(JSON.parse(listed.out).documents[0].recipients.map((copy: { copy_id: string }) => copy.copy_id)).toEqual(
      body.copies.map((copy) => copy.copy_id),
    );
  });

  it('a stripped paragraph names the document (13); unrelated text nothing (1); a few words too few (14)', async () => {
    const out = temp.path('strip');
    expect((await wm(['copies', 'issue', temp.path('memo.txt'), '--to', 'eve', '-o', out, ...offline])).code).toBe(0);
    const paragraph = readFileSync(temp.path('strip/memo.eve.txt'), 'utf8').split('\n\n')[1];
    const stripped = await wm(['trace', '--json', ...offline], strip(paragraph, { all: true }));
    expect(stripped.code).toBe(13);
    expect(JSON.parse(stripped.out)).toMatchObject({ verdict: 'document', recipients: [] });
    const unrelated = await wm(
      ['trace', ...offline],
      strip(readFileSync(temp.path('memo.txt'), 'utf8')).replace(/[a-z]/g, 'x'),
    );
    expect(unrelated).toMatchObject({ code: 1, stderr: '' });
    expect(unrelated.out).toMatch(/^Nothing in this text/);
    const short = await wm(['trace', ...offline], 'A text about something else entirely, in a few words.');
    expect(short).toMatchObject({ code: 14, stderr: '' });
    expect(short.out).toMatch(/^Too short to trace: 10 words, about 25 needed/);
  });

  it('refuses bad input before writing anything (exit 2)', async () => {
    const out = temp.path('refused');
    const cases = [
      ['copies', 'issue', temp.path('memo.txt'), '--to', 'x', '--to', 'x', '-o', out, ...offline],
      ['copies', 'issue', temp.path('memo.txt'), '-o', out, ...offline],
      ['copies', 'issue', temp.path('memo.txt'), '--to', 'x', ...offline],
      ['copies', 'issue', temp.path('memo.txt'), '--to', 'x', '-o', out],
      ['copies', 'issue', temp.path('memo.txt'), '--to', 'x', '-o', out, '--user', 'nobody@example.com'],
    ];
    for (const args of cases) {
      const run = await wm(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/^wm: .+\n$/);
    }
    expect(existsSync(out)).toBe(false);
  });

  it('issues with any labels, or records nothing and writes nothing', async () => {
    const documents = async () =>
      (JSON.parse((await wm(['copies', 'list', '--json', ...offline])).out) as { documents: unknown[] }).documents
        .length;
    const before = await documents();
    // a label whose file name would pass a file system's 255 bytes: the name is shortened, the copy issued
    const out = temp.path('long');
    const long = await wm([
      'copies',
      'issue',
      temp.path('memo.txt'),
      '--to',
      'é'.repeat(254),
      '--to',
      'ok@example.com',
      '-o',
      out,
      ...offline,
    ]);
    expect(long.code, long.stderr).toBe(0);
    expect(readdirSync(out)).toHaveLength(2);
    expect(await documents()).toBe(before + 1);
    // a folder that cannot be made: refused before anything is issued
    writeFileSync(temp.path('a-file'), '');
    const refused = await wm([
      'copies',
      'issue',
      temp.path('memo.txt'),
      '--to',
      'x',
      '-o',
      temp.path('a-file/out'),
      ...offline,
    ]);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toMatch(/^wm: cannot create .*a-file\/out: /);
    // a refusal of the issue leaves no folder behind, not even the staging one inside an existing folder
    const kept = await wm(['copies', 'issue', temp.path('memo.txt'), '--to', 'x', '--to', 'x', '-o', out, ...offline]);
    expect(kept.code).toBe(2);
    expect(readdirSync(out)).toHaveLength(2);
    expect(await documents()).toBe(before + 1);
  });
});

describe.skipIf(!hasScript)('wm copies issue on a terminal', () => {
  it('shows what it is doing on one line, erased before its answer; a pipe gets none', async () => {
    const out = temp.path('terminal');
    const args = ['copies', 'issue', temp.path('memo.txt'), '--to', 'fay', '--to', 'gus', '-o', out, ...offline];
    const shown = await onTerminal(args, [], env);
    expect(shown.code).toBe(0);
    const [progress, answer] = shown.screen.split(/\r(?=document )/);
    expect(progress).toMatch(
      /^\r?issuing 2 copies \(marking each one\): \d+\.\d s\r.*writing copies: \d of 2, \d+\.\d s/s,
    );
    expect(answer).toMatch(/^document \S+ "memo.txt": 2 copies\r?\nfay\t/);
    const piped = await wm([...args.slice(0, -4), '-o', temp.path('piped'), ...offline]);
    expect(piped).toMatchObject({ code: 0, stderr: '' });
  });
});
