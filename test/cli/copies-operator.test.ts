import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { MEMO } from '../domain/copies/texts.js';
import { makeTempDir, runWm } from './codec-harness.js';

// Offline copies without --user: the data folder's operator account, made by the first issue and by nothing else.

const temp = makeTempDir();
afterAll(() => temp.remove());
const env = { WM_SCRYPT_LN: '10', WM_HOME: undefined, WM_MASTER_KEY: undefined, WM_DATABASE_URL: undefined };
const wm = (args: string[], input?: string) => runWm(args, { env, input });
writeFileSync(temp.path('memo.txt'), MEMO);
/** `wm copies issue memo.txt` to RECIPIENTS into OUT, offline in HOME. */
const issue = (home: string, out: string, recipients: string[], ...more: string[]) =>
  wm([
    ...['copies', 'issue', temp.path('memo.txt'), '-o', temp.path(out), '--home', home],
    ...recipients.flatMap((recipient) => ['--to', recipient]),
    ...more,
  ]);

const NOTICE = (home: string) =>
  `wm: made the operator account operator@wm.invalid in ${home} for offline copies (no plan, never charged; name ` +
  'another account with --user EMAIL)\n';

describe('offline copies in a fresh data folder, with no set-up', () => {
  it('trace and list answer that nothing was issued, and create nothing', async () => {
    const fresh = temp.path('untouched');
    const traced = await wm(['trace', '--home', fresh], MEMO);
    expect(traced).toMatchObject({ code: 1, stderr: '' });
    expect(traced.out).toBe('You have issued no copies yet: nothing of yours can be in this text.\n');
    const json = await wm(['trace', '--json', '--home', fresh], 'Too short.');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out)).toMatchObject({ verdict: 'not_found', recipients: [], documents: [] });
    expect(await wm(['copies', 'list', '--home', fresh])).toMatchObject({
      code: 0,
      out: 'no copies issued yet\n',
      stderr: '',
    });
    const one = await wm(['copies', 'list', '--document', 'doc_x', '--home', fresh]);
    expect(one).toMatchObject({ code: 2, stderr: 'wm: You have no document with this id\n' });
    expect(existsSync(fresh)).toBe(false);
  });

  it('the first issue makes the folder and the operator account, says so once; trace and list find them', async () => {
    const home = temp.path('home');
    const first = await issue(home, 'a', ['alice', 'bob']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toBe(NOTICE(home));
    expect(readdirSync(home)).toEqual(expect.arrayContaining(['master.key', 'wm.db']));
    const second = await issue(home, 'b', ['carol']);
    expect(second).toMatchObject({ code: 0, stderr: '' });
    const traced = await wm(['trace', temp.path('a/memo.bob.txt'), '--home', home]);
    expect(traced).toMatchObject({ code: 0, stderr: '' });
    expect(traced.out).toContain('recipient: bob\n');
    const listed = JSON.parse((await wm(['copies', 'list', '--json', '--home', home])).out) as {
      documents: { copies: number }[];
    };
    expect(listed.documents.map((document) => document.copies)).toEqual([1, 2]);
    // the account is verified, on the free plan, which applies only if it ever signs in to a server
    const shown = JSON.parse((await wm(['users', 'show', 'operator@wm.invalid', '--json', '--home', home])).out);
    expect(shown.user).toMatchObject({ email: 'operator@wm.invalid', email_verified: true, plan: 'free' });
  });

  it('in a data folder with other accounts, reading makes no operator account; --user keeps naming one', async () => {
    const home = temp.path('shared');
    const created = await wm(
      [...'users create --email ada@example.com --username ada --verified --password-stdin --home'.split(' '), home],
      'correct horse battery 42\n',
    );
    expect(created.code, created.stderr).toBe(0);
    expect((await wm(['trace', '--home', home], MEMO)).code).toBe(1);
    expect((await wm(['copies', 'list', '--home', home])).out).toBe('no copies issued yet\n');
    const users = async () =>
      (JSON.parse((await wm(['users', 'list', '--json', '--home', home])).out) as { users: { email: string }[] }).users
        .map((user) => user.email)
        .sort();
    expect(await users()).toEqual(['ada@example.com']);
    const hers = await issue(home, 'c', ['dan'], '--user', 'ada@example.com');
    expect(hers).toMatchObject({ code: 0, stderr: '' });
    expect(await users()).toEqual(['ada@example.com']);
    // the operator's trace does not see ada's copies: each account traces its own
    expect((await wm(['trace', temp.path('c/memo.dan.txt'), '--home', home])).code).toBe(1);
    expect((await wm(['trace', temp.path('c/memo.dan.txt'), '--user', 'ada@example.com', '--home', home])).code).toBe(
      0,
    );
  });
});
