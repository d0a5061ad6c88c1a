import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SqliteDriver } from '../../src/store/sqlite/driver.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRIER, makeTempDir, runWm } from './codec-harness.js';

const temp = makeTempDir();
afterAll(() => temp.remove());
const env = { WM_SCRYPT_LN: '10', WM_HOME: undefined, WM_MASTER_KEY: undefined };
const EMAIL = 'ada@example.com';
const PASSPHRASE = 'a long enough passphrase';

const wm = async (...args: string[]) => runWm(args, { env });
async function ok(...args: string[]): Promise<string> {
  const run = await wm(...args);
  expect(run.code, `wm ${args.join(' ')}: ${run.stderr}`).toBe(0);
  return run.out;
}

let source: string;
let passphraseFile: string;
let marked: string;

/** A data folder with an account, a signing channel and a text marked with the channel's key. */
beforeAll(async () => {
  source = temp.path('source');
  await runWm(['users', 'create', '--email', EMAIL, '--username', 'ada', '--password-stdin', '--home', source], {
    env,
    input: 'Correct horse 42\n',
  });
  await ok('users', 'set-plan', EMAIL, 'starter', '--home', source);
  await ok('channels', 'create', 'press', '--user', EMAIL, '--home', source);
  await ok('tokens', 'create', '--user', EMAIL, '--name', 'ci', '--permissions', 'encode,decode', '--home', source);
  const carrier = temp.path('carrier.txt');
  writeFileSync(carrier, CARRIER);
  marked = temp.path('marked.txt');
  await ok(
    'encode',
    carrier,
    '--secret',
    'copy 7',
    '--channel',
    'press',
    '--user',
    EMAIL,
    '--home',
    source,
    '-o',
    marked,
  );
  passphraseFile = temp.path('passphrase');
  writeFileSync(passphraseFile, `${PASSPHRASE}\n`);
});

const decodes = (home: string) => ok('decode', marked, '--channel', 'press', '--user', EMAIL, '--home', home);

describe('wm db backup', () => {
  it('writes a checked copy, mode 0600, says the master key is not in it, and leaves no temporary file', async () => {
    const file = temp.path('plain/wm.backup');
    await ok('db', 'migrate', '--home', temp.path('plain'));
    const out = await ok('db', 'backup', file, '--home', source);
    expect(out).toContain(`Backup written to ${file}`);
    expect(out).toContain('It does not contain the master key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(temp.path('plain')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(readFileSync(file).subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');
    // one self-contained file: a rollback journal, not WAL
    const copy = new SqliteDriver(file, { readonly: true });
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    copy.close();
    const json = JSON.parse(await ok('db', 'backup', file, '--home', source, '--json'));
    expect(json).toEqual({ file, bytes: statSync(file).size, master_key_included: false });
  });

  it('refuses a missing folder, a bundle without a passphrase off a terminal, a short passphrase', async () => {
    const noFolder = await wm('db', 'backup', temp.path('nowhere/x.db'), '--home', source);
    expect([noFolder.code, noFolder.stderr]).toEqual([
      4,
      `wm: no folder ${temp.path('nowhere')} to write the backup into\n`,
    ]);
    const noPassphrase = await wm('db', 'backup', temp.path('b.wmb'), '--with-key', '--home', source);
    expect(noPassphrase.code).toBe(2);
    expect(noPassphrase.stderr).toMatch(/^wm: missing passphrase: use --passphrase-file FILE/);
    const short = temp.path('short');
    writeFileSync(short, 'too short\n');
    const weak = await wm(
      'db',
      'backup',
      temp.path('b.wmb'),
      '--with-key',
      '--passphrase-file',
      short,
      '--home',
      source,
    );
    expect(weak.code).toBe(2);
    expect(weak.stderr).toMatch(/^wm: the passphrase must have at least 12 characters/);
    const stray = await wm('db', 'backup', temp.path('b.wmb'), '--passphrase-file', passphraseFile, '--home', source);
    expect([stray.code, stray.stderr]).toEqual([2, 'wm: --passphrase-file protects a bundle: add --with-key\n']);
    expect(existsSync(temp.path('b.wmb'))).toBe(false);
  });

  it('needs no master key for a plain backup (a server may keep it in WM_MASTER_KEY), only for a bundle', async () => {
    const keyless = temp.path('keyless');
    await ok('db', 'migrate', '--home', keyless);
    rmSync(join(keyless, 'master.key'));
    await ok('db', 'backup', temp.path('keyless.backup'), '--home', keyless);
    const bundle = await wm(
      'db',
      'backup',
      temp.path('keyless.wmb'),
      '--with-key',
      '--passphrase-file',
      passphraseFile,
      '--home',
      keyless,
    );
    expect(bundle.code).toBe(4);
    expect(bundle.stderr).toMatch(/^wm: no master key at .*master\.key/);
  });
});

describe('wm db restore', () => {
  it('restores a backup into a new folder with the master key copied there', async () => {
    const file = temp.path('r1.backup');
    await ok('db', 'backup', file, '--home', source);
    const home = temp.path('r1');
    const missingKey = await wm('db', 'restore', file, '--home', home);
    expect(missingKey.code).toBe(2);
    expect(missingKey.stderr).toMatch(
      /^wm: no master key for this backup: a backup file holds none; copy the master\.key/,
    );
    expect(existsSync(home)).toBe(false);

    const wrong = temp.path('r-wrong');
    await ok('db', 'migrate', '--home', wrong);
    const wrongKey = await wm('db', 'restore', file, '--home', wrong, '--force');
    expect(wrongKey.code).toBe(3);
    expect(wrongKey.stderr).toContain(
      'the master key (master.key) does not open the channel keys of this backup (1 of 1)',
    );

    await ok('db', 'migrate', '--home', home);
    copyFileSync(join(source, 'master.key'), join(home, 'master.key'));
    const exists = await wm('db', 'restore', file, '--home', home);
    expect(exists.code).toBe(2);
    expect(exists.stderr).toMatch(/has a database already: add --force to replace it/);
    const restored = JSON.parse(await ok('db', 'restore', file, '--home', home, '--force', '--json'));
    expect(restored).toMatchObject({
      bundle: false,
      master_key: 'master.key',
      channel_keys_checked: 1,
      counts: { users: 1, api_tokens: 1, channels: 1 },
    });
    expect(restored.replaced).toEqual([expect.stringMatching(/\/wm\.db\.replaced-[\dT-]+Z$/)]);
    expect(existsSync(restored.replaced[0])).toBe(true);
    expect(await decodes(home)).toBe('copy 7\n');
  });

  it('restores a bundle into an empty folder: database and master key from one file', async () => {
    const bundle = temp.path('all.wmb');
    const out = await ok('db', 'backup', bundle, '--with-key', '--passphrase-file', passphraseFile, '--home', source);
    expect(out).toContain(`Backup bundle written to ${bundle}`);
    expect(statSync(bundle).mode & 0o777).toBe(0o600);
    expect(readFileSync(bundle).includes(readFileSync(join(source, 'master.key')))).toBe(false);

    const home = temp.path('r2');
    const wrongFile = temp.path('wrong-passphrase');
    writeFileSync(wrongFile, 'another long passphrase\n');
    const wrong = await wm('db', 'restore', bundle, '--passphrase-file', wrongFile, '--home', home);
    expect([wrong.code, wrong.stderr]).toEqual([3, `wm: ${bundle}: wrong passphrase, or the bundle is damaged\n`]);
    expect(existsSync(home)).toBe(false);

    const restored = await ok('db', 'restore', bundle, '--passphrase-file', passphraseFile, '--home', home);
    expect(restored).toContain('every channel key opens with master.key from the bundle');
    expect(readFileSync(join(home, 'master.key')).equals(readFileSync(join(source, 'master.key')))).toBe(true);
    expect(statSync(join(home, 'master.key')).mode & 0o777).toBe(0o600);
    expect(await decodes(home)).toBe('copy 7\n');
  });

  it('refuses what is not a backup, or is damaged, and changes nothing', async () => {
    const home = temp.path('r3');
    const text = temp.path('notes.txt');
    writeFileSync(text, 'not a database at all, just some words in a file');
    const notDatabase = await wm('db', 'restore', text, '--home', home);
    expect(notDatabase.code, notDatabase.stderr).toBe(2);
    expect(notDatabase.stderr).toBe(`wm: ${text} is not a wm backup: neither a wm database nor a bundle\n`);
    const foreign = temp.path('foreign.db');
    const other = new SqliteDriver(foreign);
    other.exec('create table notes (x)');
    other.close();
    const notOurs = await wm('db', 'restore', foreign, '--home', home);
    expect(notOurs.code).toBe(2);
    expect(existsSync(home)).toBe(false);

    const damaged = temp.path('damaged.backup');
    await ok('db', 'backup', damaged, '--home', source);
    const bytes = readFileSync(damaged);
    // garble the pages after the first (the header stays readable)
    randomBytes(bytes.length - 8192).copy(bytes, 8192);
    writeFileSync(damaged, bytes);
    const run = await wm('db', 'restore', damaged, '--home', home);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(/^wm: no master key/);
    await ok('db', 'migrate', '--home', home);
    copyFileSync(join(source, 'master.key'), join(home, 'master.key'));
    const before = readFileSync(join(home, 'wm.db'));
    const broken = await wm('db', 'restore', damaged, '--home', home, '--force');
    expect(broken.code, broken.stderr).toBe(3);
    expect(broken.stderr).toMatch(/damaged|integrity check/);
    expect(readFileSync(join(home, 'wm.db')).equals(before)).toBe(true);
    expect(readdirSync(home).sort()).toEqual(['master.key', 'wm.db', 'wm.lock']);
  });

  it('refuses a database made by a newer wm', async () => {
    const newer = temp.path('newer.backup');
    await ok('db', 'backup', newer, '--home', source);
    const db = new SqliteDriver(newer);
    db.prepare('insert into __drizzle_migrations (hash, created_at) values (?, ?)').run('future', Date.now() * 2);
    db.close();
    const home = temp.path('r4');
    await ok('db', 'migrate', '--home', home);
    copyFileSync(join(source, 'master.key'), join(home, 'master.key'));
    const run = await wm('db', 'restore', newer, '--home', home, '--force');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('was migrated by a newer version of wm than this one');
  });

  it('refuses a backup whose schema is not exactly wm’s: a trigger, a table or an index more', async () => {
    const home = temp.path('r5');
    await ok('db', 'migrate', '--home', home);
    copyFileSync(join(source, 'master.key'), join(home, 'master.key'));
    const before = readFileSync(join(home, 'wm.db'));
    const additions = {
      trigger: `create table stolen (hash text);
        create trigger copy_hashes after update on users begin insert into stolen values (new.password_hash); end;`,
      view: 'create view hashes as select email, password_hash from users',
      index: 'create index users_by_hash on users (password_hash)',
    };
    for (const [kind, sql] of Object.entries(additions)) {
      const tampered = temp.path(`tampered-${kind}.backup`);
      await ok('db', 'backup', tampered, '--home', source);
      const db = new SqliteDriver(tampered);
      db.exec(sql);
      db.close();
      const run = await wm('db', 'restore', tampered, '--home', home, '--force');
      expect(run.code, run.stderr).toBe(3);
      expect(run.stderr).toMatch(new RegExp(`${kind} \\S+ is not part of wm's schema`));
      expect(readFileSync(join(home, 'wm.db')).equals(before)).toBe(true);
    }
    // an untouched backup restores
    const plain = temp.path('plain.backup');
    await ok('db', 'backup', plain, '--home', source);
    await ok('db', 'restore', plain, '--home', home, '--force');
  });
});
