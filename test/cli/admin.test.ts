import { randomBytes } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe } from '../server/serve-process.js';
import { makeTempDir, runWm } from './codec-harness.js';

const MIGRATIONS = (
  JSON.parse(readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

// the real bin/wm.js (built by test/global-setup.ts), against a fresh data folder, with a low scrypt cost
const temp = makeTempDir();
const home = join(temp.dir, 'data');
const env = { WM_SCRYPT_LN: '10', WM_HOME: undefined, WM_MASTER_KEY: undefined };
const wm = (args: string[], input?: string) => runWm([...args, '--home', home], { env, input });
const json = async (args: string[], input?: string) => {
  const run = await wm([...args, '--json'], input);
  expect(run.stderr, args.join(' ')).toBe('');
  expect(run.code, args.join(' ')).toBe(0);
  return JSON.parse(run.out);
};

const EMAIL = 'ada@example.com';
const PASSWORD = 'correct horse 42';

beforeAll(async () => {
  await json(['db', 'migrate']);
});
afterAll(() => temp.remove());

describe('wm db', () => {
  it('creates the data folder, database and an owner-only master key on first use', async () => {
    expect(statSync(join(home, 'master.key')).mode & 0o777).toBe(0o600);
    const info = await json(['db', 'info']);
    expect(info).toMatchObject({
      home,
      database: join(home, 'wm.db'),
      journal_mode: 'wal',
      foreign_keys: true,
      busy_timeout_ms: 5000,
      migrations_applied: MIGRATIONS,
    });
  });

  it('uses WM_HOME when --home is absent', async () => {
    const run = await runWm(['db', 'info', '--json'], { env: { ...env, WM_HOME: home } });
    expect(JSON.parse(run.out).home).toBe(home);
  });
});

describe('wm users', () => {
  it('creates an account from --password-stdin and shows it', async () => {
    const { user } = await json(
      [
        'users',
        'create',
        '--email',
        ' Ada@Example.com',
        '--username',
        'ada',
        '--first-name',
        'Ada',
        '--verified',
        '--password-stdin',
      ],
      `${PASSWORD}\nignored second line\n`,
    );
    expect(user).toMatchObject({
      email: EMAIL,
      username: 'ada',
      firstName: 'Ada',
      plan: 'free',
      email_verified: true,
      balance: 100,
    });
    const shown = await json(['users', 'show', EMAIL]);
    expect(shown.user.quota).toMatchObject({ requests_made: 0, requests_limit: 1000 });
    const list = await json(['users', 'list']);
    expect(list.users.map((u: { email: string }) => u.email)).toContain(EMAIL);
    const human = await wm(['users', 'show', EMAIL]);
    expect(human.out).toMatch(/^email:\s+ada@example\.com$/m);
  });

  it('fails with exit 2 and a clear message when a value is missing off a terminal', async () => {
    const noPassword = await wm(['users', 'create', '--email', 'b@example.com', '--username', 'b']);
    expect(noPassword.code).toBe(2);
    expect(noPassword.stderr).toMatch(/--password-file FILE or --password-stdin/);
    const noEmail = await wm(['users', 'create', '--username', 'b', '--password-stdin'], `${PASSWORD}\n`);
    expect(noEmail.code).toBe(2);
    expect(noEmail.stderr).toMatch(/missing --email/);
    const noArgument = await wm(['users', 'show']);
    expect(noArgument.code).toBe(2);
    expect(noArgument.stderr).toMatch(/missing the email argument \(required when standard input is not a terminal\)/);
  });

  it('reports rule violations with exit 2', async () => {
    const taken = await wm(
      ['users', 'create', '--email', EMAIL, '--username', 'x', '--password-stdin'],
      `${PASSWORD}\n`,
    );
    expect(taken.code).toBe(2);
    expect(taken.stderr).toMatch(/exists already/);
    const weak = await wm(
      ['users', 'create', '--email', 'w@example.com', '--username', 'w', '--password-stdin'],
      'weak\n',
    );
    expect(weak.code).toBe(2);
    expect(weak.stderr).toMatch(/at least 10 characters/);
    const unknown = await wm(['users', 'show', 'nobody@example.com']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/No user with email nobody@example\.com/);
    const plan = await wm(['users', 'set-plan', EMAIL, 'gold']);
    expect(plan.code).toBe(2);
  });

  it('applies the email and name rules of HTTP registration (exit 2, nothing created)', async () => {
    const create = (email: string, username = 'x') =>
      wm(['users', 'create', '--email', email, '--username', username, '--password-stdin'], `${PASSWORD}\n`);
    for (const email of ['ADA@example.com.', 'a<ada@example.com>']) {
      const refused = await create(email);
      expect(refused.code, email).toBe(2);
      expect(refused.stderr).toMatch(/^wm: Email is not a valid address/);
    }
    const bidi = await create('bidi@example.com', 'ada\u202Eevil');
    expect(bidi.code).toBe(2);
    expect(bidi.stderr).toMatch(
      /Username must not contain control, invisible or text-direction characters \(found U\+202E\)/,
    );
    expect((await json(['users', 'list'])).users.map((u: { email: string }) => u.email)).toEqual([EMAIL]);
  });

  it('sets plans, suspends and lifts suspensions, verifies', async () => {
    expect((await json(['users', 'set-plan', EMAIL, 'starter', '--status', 'past_due'])).user).toMatchObject({
      plan: 'starter',
      subscription_status: 'past_due',
      renews_at: expect.any(String),
    });
    expect((await json(['users', 'suspend', EMAIL, '--reason', 'dispute 7'])).user).toMatchObject({
      suspended: true,
      suspension_reason: 'dispute 7',
    });
    expect((await json(['users', 'unsuspend', EMAIL])).user.suspended).toBe(false);
    expect((await json(['users', 'verify', EMAIL])).user.email_verified).toBe(true);
  });
});

describe('wm channels, tokens and keyed codec commands', () => {
  it('create a channel, a keyed token (secret printed once), and use the stored key offline', async () => {
    // the plan refuses it offline as a server refuses it over the network (403): exit 5
    await json(['users', 'set-plan', EMAIL, 'free']);
    const free = await wm(['channels', 'create', '--user', EMAIL, 'news']);
    expect({ code: free.code, stderr: free.stderr }).toEqual({
      code: 5,
      stderr: 'wm: Channels need the starter or pro plan (current plan: free)\n',
    });
    await json(['users', 'set-plan', EMAIL, 'starter']);
    const { channel } = await json(['channels', 'create', '--user', EMAIL, 'news']);
    expect(channel).toMatchObject({ channel_name: 'news', is_active: true });
    await json(['channels', 'create', '--user', EMAIL, 'blog']);
    const dup = await wm(['channels', 'create', '--user', EMAIL, 'news']);
    expect(dup.code).toBe(2);

    const created = await wm([
      'tokens',
      'create',
      '--user',
      EMAIL,
      '--name',
      'ci',
      '--permissions',
      'encode,decode',
      '--channel',
      'news',
    ]);
    expect(created.code).toBe(0);
    const secret = created.out.trim();
    expect(secret).toMatch(/^wm_[0-9A-Za-z]{36}$/);
    expect(created.stderr).toMatch(/never shown again/);

    const tokens = await json(['tokens', 'list', '--user', EMAIL]);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ name: 'ci', permissions: ['encode', 'decode'], signing_channel_id: channel.id });
    expect(JSON.stringify(tokens)).not.toContain(secret);
    const channels = await json(['channels', 'list', '--user', EMAIL]);
    expect(channels.channels.find((c: { channel_name: string }) => c.channel_name === 'news').active_tokens).toBe(1);

    const text = 'The quick brown fox jumps over the lazy dog.';
    const keyed = ['--channel', 'news', '--user', EMAIL];
    const encoded = await wm(['encode', '--secret', 'offline secret', ...keyed], text);
    expect(encoded.code).toBe(0);
    const decoded = await wm(['decode', ...keyed], encoded.out);
    expect(decoded.out).toBe('offline secret\n');
    const wrongChannel = await wm(['decode', '--channel', 'blog', '--user', EMAIL], encoded.out);
    expect(wrongChannel.code).toBe(3);
    // another master key than the database's (a command beside servers that use another WM_MASTER_KEY)
    const otherKey = await runWm(['decode', ...keyed, '--home', home], {
      env: { ...env, WM_MASTER_KEY: randomBytes(32).toString('hex') },
      input: encoded.out,
    });
    expect(otherKey.code).toBe(4);
    expect(otherKey.stderr).toMatch(/^wm: the master key does not open the key of channel [0-9a-f-]+: it is not the /);

    await json(['channels', 'deactivate', '--user', EMAIL, 'news']);
    const unknownChannel = await wm(['channels', 'deactivate', '--user', EMAIL, 'nope']);
    expect(unknownChannel.code).toBe(2);
    expect(unknownChannel.stderr).toMatch(/has no channel named "nope"/);
    expect((await wm(['decode', ...keyed], encoded.out)).out).toBe('offline secret\n');

    const revoked = await json(['tokens', 'revoke', `tok_${tokens[0].id}`]);
    expect(revoked).toMatchObject({ id: tokens[0].id });
    expect(await json(['tokens', 'list', '--user', EMAIL])).toEqual([]);
    expect((await wm(['tokens', 'revoke', tokens[0].id])).code).toBe(2);
  });

  it('signing keys: create with one, rotate, publish and unpublish, and tokens that sign', async () => {
    const create = ['channels', 'create', '--user', EMAIL, 'press', '--signing', '--public', '--signer-name', 'Ada'];
    const { channel } = await json(create);
    expect(channel).toMatchObject({ keys_public: true, signer_name: 'Ada', signing_keys: [{ retired_at: null }] });
    const first = channel.signing_keys[0].key_id;
    const human = await wm(['channels', 'new-signing-key', '--user', EMAIL, 'press']);
    expect(human.code, human.stderr).toBe(0);
    expect(human.out).toMatch(
      new RegExp(`Signing key rotated: "press" signs with [0-9a-f]{16} from now on\n${first} is retired`),
    );
    const listed = await wm(['channels', 'list', '--user', EMAIL]);
    expect(listed.out).toMatch(/SIGNING KEY +PUBLISHED AS/);
    expect(listed.out).toMatch(/press .* [0-9a-f]{16} +Ada \(waiting for approval\) /);
    const asked = await wm(['channels', 'publish', '--user', EMAIL, 'press']);
    expect(asked.out).toMatch(/asks for its keys to be published as "Ada"; they join the key set once approved/);

    const unpublished = await json(['channels', 'unpublish', '--user', EMAIL, 'press']);
    expect(unpublished.channel).toMatchObject({ keys_public: false, signer_name: 'Ada' });
    const published = await json(['channels', 'publish', '--user', EMAIL, 'press', '--signer-name', '']);
    expect(published.channel).toMatchObject({ keys_public: true, signer_name: null });
    expect(published.channel.signing_keys.map((k: { key_id: string }) => k.key_id)[1]).toBe(first);
    const current = published.channel.signing_keys[0].key_id;
    const refusedWithdrawal = await wm(['channels', 'withdraw-signing-key', '--user', EMAIL, 'press', current]);
    expect(refusedWithdrawal.code).toBe(2);
    expect(refusedWithdrawal.stderr).toMatch(/current signing key: rotate first/);
    const withdrawn = await json(['channels', 'withdraw-signing-key', '--user', EMAIL, 'press', first]);
    expect(withdrawn.channel.signing_keys.map((k: { key_id: string }) => k.key_id)).toEqual([current]);

    const tokenArgs = ['tokens', 'create', '--user', EMAIL, '--name', 'signer', '--permissions', 'encode'];
    const token = await json([...tokenArgs, '--channel', 'press', '--sign', '--no-encrypt']);
    expect(token).toMatchObject({ sign: true, encrypt: false, signing_channel_id: channel.id });
    const refused = await wm([...tokenArgs, '--channel', 'blog', '--sign']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/no signing key/);
    expect((await wm(['tokens', 'list', '--user', EMAIL])).out).toMatch(/MARKS .*\n.* signs /);
    await json(['tokens', 'revoke', token.id]);
    await json(['channels', 'deactivate', '--user', EMAIL, 'press']);
  });

  it("wm keys export without files writes the data folder's key set: what wm serve publishes", async () => {
    const { channel } = await json(['channels', 'create', '--user', EMAIL, 'wire', '--signing', '--public']);
    await json(['channels', 'new-signing-key', '--user', EMAIL, 'wire']);
    const pending = await wm(['channels', 'pending']);
    expect(pending.out).toMatch(/^SIGNER NAME +CHANNEL +OWNER +USERNAME +VERIFIED +CREATED\n/);
    expect(pending.out).toMatch(/\nwire +wire +ada@example\.com +ada +yes /);
    const approved = await wm(['channels', 'publish', '--user', EMAIL, 'wire', '--approve']);
    expect(approved.out).toBe('The keys of "wire" are in /.well-known/wm-keys.json as "wire"\n');
    const left = (await json(['channels', 'pending'])).pending.map((p: { channel_name: string }) => p.channel_name);
    expect(left).not.toContain('wire');

    await json(['channels', 'create', '--user', EMAIL, 'drafts', '--signing']); // not published: not exported
    const exported = await wm(['keys', 'export', '-o', join(temp.dir, 'wm-keys.json')]);
    expect(exported).toMatchObject({ code: 0, out: '', stderr: '' });
    const set = JSON.parse(readFileSync(join(temp.dir, 'wm-keys.json'), 'utf8'));
    const first = channel.signing_keys[0].key_id;
    expect(set.keys.filter((key: { name: string }) => key.name === 'wire')).toMatchObject([
      { kid: first, created: channel.signing_keys[0].created_at, retired: expect.any(String) },
      { kid: expect.not.stringMatching(first), retired: null },
    ]);
    const serve = await startServe(home, { ...process.env, ...env, WM_HOME: '', WM_MASTER_KEY: '' });
    try {
      const response = await fetch(`${serve.url}/.well-known/wm-keys.json`);
      // the same keys; the server names itself (its public URL) as the set's issuer
      expect(await response.json()).toEqual({ issuer: serve.url, ...set });
    } finally {
      await serve.stop();
    }
    // a key file merged after the data folder's keys; without a data folder, a clear refusal
    const keyFile = join(temp.dir, 'mine.key');
    expect((await runWm(['keygen', '--sign', '-o', keyFile])).code).toBe(0);
    const merged = JSON.parse((await wm(['keys', 'export', keyFile.replace(/key$/, 'pub')])).out);
    const names = (keys: { name: string }[]) => keys.map((key) => key.name);
    expect(names(merged.keys)).toEqual([...names(set.keys), 'mine']);
    const missing = await runWm(['keys', 'export', '--home', join(temp.dir, 'nowhere')], { env });
    expect(missing.code).toBe(4);
    expect(missing.stderr).toMatch(/no data folder at/);
    // an invisible character in a name is shown to the operator, who decides on it
    await json(['channels', 'publish', '--user', EMAIL, 'drafts', '--signer-name', 'Wire\u200DDesk']);
    expect((await wm(['channels', 'pending'])).out).toMatch(/\nWire⟨ZWJ⟩Desk +drafts /);
  });

  it('refuses a token with bad permissions', async () => {
    const run = await wm(['tokens', 'create', '--user', EMAIL, '--name', 'x', '--permissions', 'admin']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/subset of encode, decode/);
  });
});

describe('wm credits', () => {
  it('shows, grants and lists usage', async () => {
    const before = await json(['credits', 'show', EMAIL]);
    expect(before).toMatchObject({ balance: 100, plan: 'starter', quota: { requests_limit: 10000 } });
    expect(await json(['credits', 'grant', EMAIL, '25'])).toMatchObject({ balance: 125 });
    const { usage } = await json(['credits', 'usage', EMAIL]);
    expect(usage.map((u: { operation: string; credits: number }) => [u.operation, u.credits])).toEqual([
      ['grant', 25],
      ['signup-grant', 100],
    ]);
    expect((await wm(['credits', 'grant', EMAIL, '-3'])).code).toBe(2);
    expect((await wm(['credits', 'usage', EMAIL, '--limit', '0'])).code).toBe(2);
  });

  it('grants up to a balance of 2^53 − 1 exactly and refuses a grant beyond it, changing nothing', async () => {
    const { balance } = await json(['credits', 'show', EMAIL]);
    const room = Number.MAX_SAFE_INTEGER - balance;
    expect(await json(['credits', 'grant', EMAIL, String(room)])).toMatchObject({ balance: Number.MAX_SAFE_INTEGER });
    const beyond = await wm(['credits', 'grant', EMAIL, '1']);
    expect(beyond.code).toBe(2);
    expect(beyond.stderr).toMatch(
      /at most 9007199254740991 credits; with 9007199254740991 now, at most 0 can be granted/,
    );
    expect(await json(['credits', 'show', EMAIL])).toMatchObject({ balance: Number.MAX_SAFE_INTEGER });
    expect((await wm(['credits', 'grant', EMAIL, '9007199254740992'])).code).toBe(2);
  });
});

describe('wm users passwd and delete', () => {
  it('changes the password from a file and deletes the account with everything it owns', async () => {
    const file = join(temp.dir, 'password.txt');
    writeFileSync(file, 'a new password 7\n');
    const changed = await wm(['users', 'passwd', EMAIL, '--password-file', file]);
    expect(changed.code).toBe(0);
    const stored = readFileSync(join(home, 'wm.db'));
    expect(stored.includes(Buffer.from('a new password 7'))).toBe(false);
    expect((await json(['users', 'delete', EMAIL])).deleted.email).toBe(EMAIL);
    expect((await wm(['users', 'show', EMAIL])).code).toBe(2);
    expect((await json(['users', 'list'])).users).toEqual([]);
  });
});
