import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CARRIER, makeTempDir, runWm } from './codec-harness.js';

const temp = makeTempDir();
afterAll(() => temp.remove());
const env = { WM_SCRYPT_LN: '10', WM_HOME: undefined, WM_MASTER_KEY: undefined };

/** Every command that only reads, or changes records that must already exist: none may create a data folder. */
const READERS: string[][] = [
  ['encode', '--secret', 's', '--channel', 'press', '--user', 'ada@example.com'],
  ['decode', '--channel', 'press', '--user', 'ada@example.com'],
  ['encode-robust', '--secret', 's', '--channel', 'press', '--user', 'ada@example.com'],
  ['decode-robust', '--channel', 'press', '--user', 'ada@example.com'],
  ['scan', '--channel', 'press', '--user', 'ada@example.com'],
  ['users', 'list'],
  ['users', 'show', 'ada@example.com'],
  ['users', 'verify', 'ada@example.com'],
  ['users', 'set-plan', 'ada@example.com', 'pro'],
  ['tokens', 'list', '--user', 'ada@example.com'],
  ['tokens', 'create', '--user', 'ada@example.com', '--name', 'ci', '--permissions', 'encode'],
  ['tokens', 'revoke', '0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b'],
  ['channels', 'list', '--user', 'ada@example.com'],
  ['channels', 'new-signing-key', '--user', 'ada@example.com', 'press'],
  ['channels', 'publish', '--user', 'ada@example.com', 'press'],
  ['channels', 'unpublish', '--user', 'ada@example.com', 'press'],
  ['channels', 'withdraw-signing-key', '--user', 'ada@example.com', 'press', '0123456789abcdef'],
  ['credits', 'show', 'ada@example.com'],
  ['credits', 'grant', 'ada@example.com', '5'],
  ['db', 'info'],
  ['db', 'rotate-master-key'],
  ['db', 'prune', '--usage-older-than', '30d'],
  ['db', 'backup', temp.path('never-written.db')],
];

describe('commands that only read never create a data folder', () => {
  it.each(READERS.map((args) => [args.slice(0, 2).join(' '), args]))(
    '%s with a mistyped --home: exit 4, one clear line, nothing left behind',
    async (_name, args) => {
      const typo = temp.path(`typo-${args.join('-')}`);
      const run = await runWm([...args, '--home', typo], { env, input: CARRIER });
      expect(run.code, run.stderr).toBe(4);
      expect(run.stderr).toBe(
        `wm: no data folder at ${typo}: create one with \`wm db migrate\` or \`wm users create\`, or name another ` +
          'with --home or WM_HOME\n',
      );
      expect(run.out).toBe('');
      expect(existsSync(typo)).toBe(false);
    },
  );

  it('nor fill an empty folder with a database and a master key', async () => {
    const empty = temp.path('empty');
    mkdirSync(empty);
    const run = await runWm(['users', 'list', '--home', empty], { env });
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/^wm: no database at .*wm\.db: the data folder is incomplete; create one with/);
    expect(readdirSync(empty)).toEqual([]);
  });

  it('nor make a new master key for a database whose key file is gone', async () => {
    const home = temp.path('keyless');
    expect((await runWm(['db', 'migrate', '--home', home], { env })).code).toBe(0);
    rmSync(join(home, 'master.key'));
    const run = await runWm(['users', 'list', '--home', home], { env });
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/^wm: no master key at .*master\.key: the data folder is incomplete/);
    expect(existsSync(join(home, 'master.key'))).toBe(false);
  });

  it('while the commands that start from nothing create it', async () => {
    const fresh = temp.path('fresh');
    const created = await runWm(
      ['users', 'create', '--email', 'ada@example.com', '--username', 'ada', '--password-stdin', '--home', fresh],
      { env, input: 'Correct horse 42\n' },
    );
    expect(created.code, created.stderr).toBe(0);
    expect(readdirSync(fresh)).toEqual(expect.arrayContaining(['master.key', 'wm.db']));
    const migrated = temp.path('migrated');
    expect((await runWm(['db', 'migrate', '--home', migrated], { env })).code).toBe(0);
    expect(existsSync(join(migrated, 'wm.db'))).toBe(true);
    // and reading works from then on
    const listed = await runWm(['users', 'list', '--json', '--home', fresh], { env });
    expect(JSON.parse(listed.out).users).toHaveLength(1);
  });
});
