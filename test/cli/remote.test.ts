import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WmClient, signIn } from '../../src/client/index.js';
import { PASSWORD, startLiveServer, type LiveServer } from '../reliability/live-server.js';
import { c2paWrapper } from '../../packages/codec/test/c2pa-fixtures.js';
import { CARRIER, makeTempDir, runWm, type WmRun } from './codec-harness.js';
import { hasScript, onTerminal } from './terminal.js';

// The remote mode of the CLI against a real `wm serve`: wm login / whoami / logout, and the codec commands on the
// server with the output, --json objects and exit codes of the local codec.

const temp = makeTempDir();
const LONG = CARRIER.repeat(6);
const NO_REMOTE_ENV = { WM_SERVER: undefined, WM_TOKEN: undefined, WM_HOME: undefined };
let live: LiveServer;

const homeOf = (name: string) => join(temp.dir, name);
const wm = (
  args: string[],
  options: { input?: string; env?: Record<string, string | undefined> } = {},
): Promise<WmRun> => runWm(args, { input: options.input, env: { ...NO_REMOTE_ENV, ...options.env } });
const login = (home: string, email: string, ...extra: string[]) =>
  wm(['login', '--server', live.url, '--email', email, '--password-stdin', '--home', home, ...extra], {
    input: `${PASSWORD}\n`,
  });

/** The same command locally and with --remote: same code, same stdout (stderr too when it fails). */
async function sameAsLocal(args: string[], home: string, input?: string): Promise<WmRun> {
  const [local, remote] = await Promise.all([
    wm(args, { input }),
    wm([...args, '--remote', '--home', home], { input }),
  ]);
  expect({ code: remote.code, out: remote.out, stderr: remote.stderr }, args.join(' ')).toEqual({
    code: local.code,
    out: local.out,
    stderr: local.stderr,
  });
  return remote;
}

beforeAll(async () => {
  // a server that publishes the keys of every verified account, as its operator may configure it
  live = await startLiveServer({ WM_KEY_PUBLICATION: 'verified' });
  await live.signUp('ada@example.com', { plan: 'starter' });
  writeFileSync(temp.path('carrier.txt'), CARRIER);
  writeFileSync(temp.path('long.txt'), LONG);
});
afterAll(async () => {
  await live?.stop();
  temp.remove();
});

describe('wm login, whoami, logout', () => {
  it('login stores the server and a new API token (mode 0600), never the password or a session', async () => {
    const home = homeOf('ada');
    const run = await login(home, 'ada@example.com');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toContain(`Logged in to ${live.url} as ada@example.com`);
    const file = join(home, 'login.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toMatch(/accessToken|refresh|eyJ/);
    const stored = JSON.parse(text);
    expect(stored).toMatchObject({
      server: live.url,
      email: 'ada@example.com',
      token_name: `wm login on ${hostname()}`,
    });
    // the token is one the server knows, with both permissions (asked through the CLI's own client)
    const client = new WmClient({ server: live.url });
    const { accessToken } = await signIn(client, 'ada@example.com', PASSWORD);
    const tokens = await client.get<{ id: string; permissions: string[] }[]>('/api/v2/tokens', accessToken);
    expect(tokens.find((token) => token.id === stored.token_id)).toMatchObject({ permissions: ['encode', 'decode'] });
  });

  it('refuses to send the password over plain http to another machine, unless --insecure', async () => {
    const home = homeOf('plain');
    const args = ['login', '--email', 'ada@example.com', '--password-stdin', '--home', home];
    const plain = await wm([...args, '--server', 'http://wm.invalid:8080'], { input: `${PASSWORD}\n` });
    expect(plain.code).toBe(2);
    expect(plain.stderr).toMatch(/^wm: --server http:\/\/wm\.invalid:8080 is plain http: the password would cross/);
    expect(existsSync(join(home, 'login.json'))).toBe(false);
    // --insecure goes on (and then finds no server there); loopback names are this machine
    const insecure = await wm([...args, '--server', 'http://wm.invalid:8080', '--insecure'], {
      input: `${PASSWORD}\n`,
    });
    expect(insecure.stderr).not.toMatch(/plain http/);
    expect(insecure.code).not.toBe(0);
    const local = await wm([...args, '--server', live.url.replace('127.0.0.1', 'localhost')], {
      input: `${PASSWORD}\n`,
    });
    expect(local.stderr).toBe('');
  });

  it.skipIf(!hasScript)('on a terminal, login asks for the email and the password (masked)', async () => {
    const home = homeOf('terminal');
    const run = await onTerminal(
      ['login', '--server', live.url, '--home', home, '--name', 'typed'],
      [
        [/Email/, 'ada@example.com\r'],
        [/Password/, `${PASSWORD}\r`],
      ],
      { WM_SERVER: '', WM_TOKEN: '' },
    );
    expect(run.code, run.screen).toBe(0);
    expect(run.screen).toContain(`Logged in to ${live.url} as ada@example.com`);
    expect(run.screen).not.toContain(PASSWORD);
    expect(run.screen).toMatch(new RegExp(`\\*{${PASSWORD.length}}`));
    expect(JSON.parse(readFileSync(join(home, 'login.json'), 'utf8'))).toMatchObject({ token_name: 'typed' });
    expect((await wm(['logout', '--home', home])).code).toBe(0);
  });

  it('whoami shows server, account, token name, balance and quota', async () => {
    const run = await wm(['whoami', '--home', homeOf('ada')]);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(new RegExp(`server: +${live.url}`));
    expect(run.out).toMatch(/account: +ada@example.com \(ada, plan starter\)/);
    expect(run.out).toMatch(/token: +wm login on .* \(encode, decode\)/);
    expect(run.out).toMatch(/balance: +\d+ credits/);
    expect(run.out).toMatch(/monthly limit: +\d+ of 10000 watermark operations used/);
    const json = JSON.parse((await wm(['whoami', '--home', homeOf('ada'), '--json'])).out);
    expect(json).toMatchObject({
      server: live.url,
      user: { email: 'ada@example.com' },
      quota: { requests_limit: 10000 },
    });
    expect(JSON.stringify(json)).not.toMatch(/"token":"wm_/);
  });

  it('login refuses a server that is not wm, an unreachable one, and a wrong password', async () => {
    const home = homeOf('nobody');
    const web = await htmlServer();
    try {
      const notWm = await wm(
        ['login', '--server', web.url, '--email', 'ada@example.com', '--password-stdin', '--home', home],
        { input: 'x\n' },
      );
      expect(notWm.code).toBe(4);
      expect(notWm.stderr).toMatch(/^wm: .* does not answer like a wm server/);
    } finally {
      web.server.close();
    }
    const closed = `http://127.0.0.1:${await freePort()}`;
    const unreachable = await wm(
      ['login', '--server', closed, '--email', 'a@b.c', '--password-stdin', '--home', home],
      { input: 'x\n' },
    );
    expect(unreachable.code).toBe(4);
    expect(unreachable.stderr).toMatch(/^wm: cannot reach http:\/\/127\.0\.0\.1:\d+: connect ECONNREFUSED/);
    const wrong = await wm(
      ['login', '--server', live.url, '--email', 'ada@example.com', '--password-stdin', '--home', home],
      { input: 'wrong password\n' },
    );
    expect(wrong.code).toBe(5);
    expect(wrong.stderr).toMatch(/^wm: not authorised: /);
    expect(existsSync(join(home, 'login.json'))).toBe(false);
  });
});

describe('codec commands on the server', () => {
  it('encode, decode, analyze, encode-robust and decode-robust print what the local codec prints', async () => {
    const home = homeOf('ada');
    const carrier = temp.path('carrier.txt');
    const plain = await sameAsLocal(
      ['encode', carrier, '--secret', 'ID-42 ✓', '--method', 'chunked', '--chunk-size', '2'],
      home,
    );
    writeFileSync(temp.path('marked.txt'), plain.stdout);
    await sameAsLocal(['encode', carrier, '--secret', 'ID-42', '--json'], home);
    await sameAsLocal(
      ['encode', carrier, '--secret', 'ID-42', '--method', 'pattern', '--pattern', 'lazy dog', '--output', 'tokens'],
      home,
    );
    await sameAsLocal(['decode', temp.path('marked.txt')], home);
    await sameAsLocal(['decode', '--json', '--all'], home, plain.out + plain.out);
    await sameAsLocal(['analyze', temp.path('marked.txt'), '--original', carrier], home);
    await sameAsLocal(['analyze', temp.path('marked.txt'), '--json'], home);
    const robust = await sameAsLocal(
      ['encode-robust', temp.path('long.txt'), '--secret', 'r-1', '--stealth', 'high', '--distribution', 'clustered'],
      home,
    );
    await sameAsLocal(['decode-robust', '--json'], home, robust.out);
    await sameAsLocal(['decode-robust'], home, robust.out.slice(robust.out.length / 2));
  });

  it('the outcomes of the codec keep their exit codes and messages', async () => {
    const home = homeOf('ada');
    const none = await sameAsLocal(['decode'], home, 'plain text without marks');
    expect(none.code).toBe(1);
    const noRobust = await sameAsLocal(['decode-robust', '--json'], home, 'plain text without marks');
    expect(noRobust.code).toBe(1);
    const short = await sameAsLocal(['encode', '--secret', 'a long secret', '--method', 'single'], home, 'ab');
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/\(required length: \d+\)\n$/);
    const pattern = await sameAsLocal(['encode', '--secret', 's', '--pattern', 'absent'], home, CARRIER);
    expect(pattern.code).toBe(2);
    // a raw selector run: refused with its bytes, read only with --raw-runs, alike on both sides
    const raw = `Hi${String.fromCodePoint(0xe0158, 0xe0159)} there`;
    expect((await sameAsLocal(['decode', '--json'], home, raw)).code).toBe(3);
    expect((await sameAsLocal(['decode'], home, raw)).stderr).toMatch(/--raw-runs reads such runs as text/);
    expect((await sameAsLocal(['decode', '--raw-runs', '--json'], home, raw)).code).toBe(0);
  });

  it('a C2PA text manifest: the same messages, refusals, exit codes and c2pa objects as the local codec', async () => {
    const home = homeOf('ada');
    const signed = CARRIER + c2paWrapper();
    const alone = await sameAsLocal(['decode'], home, signed);
    expect(alone.code).toBe(1);
    expect(alone.stderr).toMatch(/^wm: No wm watermark found in text, only a C2PA manifest v1, 67 bytes/);
    expect(JSON.parse((await sameAsLocal(['decode', '--json'], home, signed)).out)).toMatchObject({
      error: 'NO_WATERMARK',
      c2pa: { version: 1, length: 67, valid: true },
    });
    expect((await sameAsLocal(['decode-robust'], home, signed)).code).toBe(1);
    const refused = await sameAsLocal(['encode', '--secret', 'ID-42'], home, signed);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^wm: the text carries a C2PA manifest .*: marks added now would break it/);
    const marked = await sameAsLocal(['encode', '--secret', 'ID-42'], home, CARRIER);
    const both = await sameAsLocal(['decode'], home, marked.out + c2paWrapper());
    expect(both.stderr).toMatch(/^wm: the text also carries a C2PA manifest/);
  });

  it('WM_SERVER and WM_TOKEN select the server; -o writes the file', async () => {
    const { token } = JSON.parse(readFileSync(join(homeOf('ada'), 'login.json'), 'utf8'));
    const out = temp.path('env-out.txt');
    const run = await wm(['encode', temp.path('carrier.txt'), '--secret', 'env', '-o', out], {
      env: { WM_SERVER: live.url, WM_TOKEN: token },
    });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect((await wm(['decode', out])).out).toBe('env\n');
  });

  it('what only a server says: 401 and 403 exit 5, a keyed watermark of another channel exits 3', async () => {
    const carrier = temp.path('carrier.txt');
    const bogus = await wm([
      'encode',
      carrier,
      '--secret',
      's',
      '--server',
      live.url,
      '--token',
      'wm_not_a_real_token',
    ]);
    expect(bogus.code).toBe(5);
    expect(bogus.stderr).toMatch(/^wm: not authorised: The API token is invalid or has been revoked\n$/);

    const decodeOnly = homeOf('decode-only');
    expect((await login(decodeOnly, 'ada@example.com', '--permissions', 'decode', '--name', 'reader')).code).toBe(0);
    const refused = await wm(['encode', carrier, '--secret', 's', '--remote', '--home', decodeOnly]);
    expect(refused.code).toBe(5);
    expect(refused.stderr).toMatch(/^wm: not allowed: This API token lacks the encode permission\n$/);

    const client = new WmClient({ server: live.url });
    const { accessToken } = await signIn(client, 'ada@example.com', PASSWORD);
    await client.post('/api/v2/channels', { channel_name: 'press' }, accessToken);
    const keyedHome = homeOf('keyed');
    expect((await login(keyedHome, 'ada@example.com', '--channel', 'press', '--name', 'press')).code).toBe(0);
    const sealed = await wm(['encode', carrier, '--secret', 'sealed', '--remote', '--home', keyedHome]);
    expect(sealed.code).toBe(0);
    expect((await wm(['decode', '--remote', '--home', keyedHome], { input: sealed.out })).out).toBe('sealed\n');
    const wrongChannel = await wm(['decode', '--remote', '--home', homeOf('ada')], { input: sealed.out });
    expect(wrongChannel.code).toBe(3);
    expect(wrongChannel.stderr).toMatch(/^wm: This watermark is encrypted/);
    const offlineOnly = await wm(['decode', '--remote', '--home', keyedHome, '--key-file', 'x.key'], {
      input: sealed.out,
    });
    expect(offlineOnly.code).toBe(2);
    // a key means keyed: an unkeyed mark through the keyed token exits 11 unless --accept-unkeyed
    const open = await wm(['encode', carrier, '--secret', 'open', '--remote', '--home', homeOf('ada')]);
    const unkeyed = await wm(['decode', '--remote', '--home', keyedHome], { input: open.out });
    expect(unkeyed.code).toBe(11);
    expect(unkeyed.stderr).toMatch(/not keyed, though a key was given.*--accept-unkeyed reads it anyway\n$/);
    const accepted = await wm(['decode', '--remote', '--home', keyedHome, '--accept-unkeyed'], { input: open.out });
    expect(accepted).toMatchObject({ code: 0, out: 'open\n' });
  });

  it('signed marks: a login that signs, --bind-text sent to the server, wm verify, published keys', async () => {
    const client = new WmClient({ server: live.url });
    const { accessToken } = await signIn(client, 'ada@example.com', PASSWORD);
    const body = { channel_name: 'newsroom', signing: true, keys_public: true, signer_name: 'Ada News' };
    await client.post('/api/v2/channels', body, accessToken);
    const home = homeOf('signer');
    const loggedIn = await login(home, 'ada@example.com', '--channel', 'newsroom', '--sign', '--name', 'signer');
    expect(loggedIn.out).toMatch(/token: +signer \(encode, decode, channel newsroom, signs\)/);

    const encoded = await wm([
      'encode',
      temp.path('carrier.txt'),
      '--secret',
      's',
      '--bind-text',
      '--remote',
      '--home',
      home,
    ]);
    expect(encoded.code, encoded.stderr).toBe(0);
    const decoded = await wm(['decode', '--json', '--remote', '--home', home], { input: encoded.out });
    expect(JSON.parse(decoded.out).signature).toMatchObject({
      status: 'valid',
      signer: 'Ada News',
      text_matches: true,
    });
    writeFileSync(temp.path('longer.txt'), LONG.repeat(3));
    const robust = await wm([
      'encode-robust',
      temp.path('longer.txt'),
      '--secret',
      'r',
      '--bind-text',
      '--remote',
      '--home',
      home,
    ]);
    expect(robust.code, robust.stderr).toBe(0);

    const keys = temp.path('wm-keys.json');
    writeFileSync(keys, await (await fetch(`${live.url}/.well-known/wm-keys.json`)).text());
    for (const text of [encoded.out, robust.out]) {
      const verified = await wm(['verify', '--keys', keys], { input: text });
      expect(verified.code, verified.stderr + verified.out).toBe(0);
      expect(verified.out).toMatch(/encrypted.*valid.*Ada News/s);
    }
    const offlineKey = await wm(['encode', '--secret', 's', '--sign-key', 'x.key', '--remote', '--home', home], {
      input: CARRIER,
    });
    expect(offlineKey.code).toBe(2);
    expect(offlineKey.stderr).toMatch(/--sign-key and --keys work offline only/);
    // a token that does not sign: the server refuses --bind-text by name
    expect((await login(homeOf('plain'), 'ada@example.com', '--name', 'plain')).code).toBe(0);
    const unsigned = await wm(['encode', '--secret', 's', '--bind-text', '--remote', '--home', homeOf('plain')], {
      input: CARRIER,
    });
    expect(unsigned.code).toBe(2);
    expect(unsigned.stderr).toMatch(/bind_text/);
  });

  it('c2pa sign --server: the row’s flags sent, the channel’s certificate signs; --key refused', async () => {
    const account = await live.signUp('gazette@example.com', { plan: 'starter' });
    const auth = `Bearer ${account.accessToken}`;
    const made = await live.api('POST', '/api/v2/channels', { auth, body: { channel_name: 'gazette' } });
    const certificateUrl = `/api/v2/channels/${made.json.channel.id}/c2pa-certificate`;
    const certified = await live.api('PUT', certificateUrl, { auth, body: { signer_name: 'The Gazette' } });
    expect(certified.status, certified.text).toBe(201);
    const { token } = await live.apiToken(account, { signing_channel_id: made.json.channel.id });
    const sign = (...args: string[]) =>
      wm(['c2pa', 'sign', temp.path('carrier.txt'), '--server', live.url, '--token', token, ...args]);
    const signed = await sign('--action', 'published', '--source-type', 'humanEdits', '--title', 'Minutes', '--json');
    expect(signed.code, signed.stderr).toBe(0);
    const answer = JSON.parse(signed.out);
    expect(answer).toMatchObject({ signer: 'The Gazette', soft_binding: false });
    const verified = await wm(['verify', '--json'], { input: answer.text });
    expect(JSON.parse(verified.out).c2pa).toMatchObject({ signer: { name: 'The Gazette' } });
    expect(verified.out).toContain('humanEdits');
    expect(verified.out).toContain('c2pa.published');
    expect(verified.out).toContain('Minutes');
    // one action on a server, and no key files: refused before anything is sent
    expect((await sign('--action', 'published', '--action', 'edited')).stderr).toMatch(/one --action/);
    const keyed = await sign('--key', temp.path('none.key'));
    expect(keyed.code).toBe(2);
    expect(keyed.stderr).toMatch(/--key and --cert sign offline/);
  });

  it('out of credits (402) and a rate limit (429) exit 6 with the balance and the time to wait', async () => {
    // two sign-ins a minute per address: signUp's and one more
    const tight = await startLiveServer({ WM_FREE_CREDITS: '0', WM_AUTH_RATE_LIMIT: '2' });
    try {
      const account = await tight.signUp('poor@example.com');
      const { token } = await tight.apiToken(account);
      const broke = await wm(['analyze', temp.path('carrier.txt'), '--server', tight.url, '--token', token]);
      expect(broke.code).toBe(6);
      expect(broke.stderr).toMatch(/^wm: out of credits: .*balance is 0.*buy credits at http/);
      const args = ['login', '--server', tight.url, '--email', 'poor@example.com', '--password-stdin'];
      const loginAgain = () => wm([...args, '--home', homeOf('poor')], { input: `${PASSWORD}\n` });
      let limited = await loginAgain();
      // the limits count per route and per password check; whichever is reached first answers 429
      for (let attempt = 0; attempt < 3 && limited.code === 0; attempt++) limited = await loginAgain();
      expect(limited.code).toBe(6);
      expect(limited.stderr).toMatch(/retry after \d+ s/);
    } finally {
      await tight.stop();
    }
  });

  it('against a server that is not wm, or failing, exits 4; a quota used up exits 6 at once', async () => {
    const carrier = temp.path('carrier.txt');
    const web = await htmlServer();
    try {
      const notWm = await wm(['decode', carrier, '--server', web.url, '--token', 't']);
      expect(notWm.code).toBe(4);
      expect(notWm.stderr).toMatch(/^wm: .* does not answer like a wm server \(POST .*\/api\/watermark\/decode: 200/);
      expect(notWm.out).toBe('');
    } finally {
      web.server.close();
    }
    // a 5xx is asked once more (failed requests are not charged), then reported
    const failing = await jsonServer(500, { error: 'Internal Server Error' });
    try {
      const down = await wm(['encode', carrier, '--secret', 's', '--server', failing.url, '--token', 't']);
      expect(down.code).toBe(4);
      expect(down.stderr).toBe('wm: server error 500: Internal Server Error\n');
      expect(failing.requests()).toBe(2);
    } finally {
      failing.server.close();
    }
    // the month's quota: its wait is far beyond what the client waits out, so it is not retried
    const quota = await jsonServer(
      429,
      {
        error: 'Too Many Requests',
        message: 'Monthly limit of 1000 watermark operations reached',
        resets_at: '2031-01-01T00:00:00.000Z',
      },
      { 'retry-after': '86400' },
    );
    try {
      const limited = await wm(['analyze', carrier, '--server', quota.url, '--token', 't']);
      expect(limited.code).toBe(6);
      expect(limited.stderr).toBe(
        'wm: Monthly limit of 1000 watermark operations reached ' +
          '(retry after 86400 s, resets at 2031-01-01T00:00:00.000Z)\n',
      );
      expect(quota.requests()).toBe(1);
    } finally {
      quota.server.close();
    }
  });

  it('another account’s record is the server’s refusal (exit 2); a route wm lacks is no wm server (4)', async () => {
    // cyd issues a document on the server; ada asks for it
    const cyd = await live.signUp('cyd@example.com', { plan: 'starter' });
    const channel = await live.api('POST', '/api/v2/channels', {
      auth: `Bearer ${cyd.accessToken}`,
      body: { channel_name: 'board' },
    });
    const cydToken = (await live.apiToken(cyd, { signing_channel_id: channel.json.channel.id })).token;
    const issued = await wm(
      ['copies', 'issue', '--to', 'eve', '-o', temp.path('cyd-copies'), '--json', '--server', live.url],
      { input: LONG, env: { WM_TOKEN: cydToken } },
    );
    expect(issued.code, issued.stderr).toBe(0);
    const cydsDocument = String(JSON.parse(issued.out).document.id);
    const adaToken = (await live.apiToken(await live.login('ada@example.com'))).token;
    const list = (server: string, token = adaToken) =>
      wm(['copies', 'list', '--document', cydsDocument, '--server', server, '--token', token]);
    expect((await list(live.url, cydToken)).code).toBe(0);
    const notHers = await list(live.url);
    expect({ code: notHers.code, stderr: notHers.stderr }).toEqual({
      code: 2,
      stderr: 'wm: You have no document with this id\n',
    });
    // a path under which no wm server answers: wm's own 404 for a route it does not have
    const prefixed = await list(`${live.url}/not-wm`);
    expect({ code: prefixed.code, stderr: prefixed.stderr }).toEqual({
      code: 4,
      stderr:
        `wm: GET ${live.url}/not-wm/api/v2/copies?document_id=${cydsDocument} answered 404: ` +
        'not a wm server, or not this version\n',
    });
    // another program's 404 in the spec's shape, without the mark of the domain's refusal
    const other = await jsonServer(404, { error: 'Not Found', message: 'You have no document with this id' });
    try {
      const run = await list(other.url);
      expect(run.code).toBe(4);
      expect(run.stderr).toMatch(/answered 404: not a wm server, or not this version\n$/);
    } finally {
      other.server.close();
    }
  });

  it('an unreachable server is an I/O error (exit 4); a server URL that is no URL is a usage error', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const down = await wm(['decode', '--server', closed, '--token', 't'], { input: 'x' });
    expect(down.code).toBe(4);
    expect(down.stderr).toBe(`wm: cannot reach ${closed}: connect ECONNREFUSED ${closed.slice('http://'.length)}\n`);
    const bad = await wm(['decode', '--server', 'ftp://example', '--token', 't'], { input: 'x' });
    expect(bad.code).toBe(2);
    const noToken = await wm(['decode', '--server', live.url, '--home', homeOf('empty')], { input: 'x' });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toMatch(/no API token for/);
  });
});

describe('wm logout', () => {
  it('revokes the token on the server and removes the stored login', async () => {
    const home = homeOf('ada');
    const { token } = JSON.parse(readFileSync(join(home, 'login.json'), 'utf8'));
    const run = await wm(['logout', '--home', home]);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/token .* revoked/);
    expect(existsSync(join(home, 'login.json'))).toBe(false);
    const after = await wm(['decode', '--server', live.url, '--token', token], { input: 'x' });
    expect(after.code).toBe(5);
    expect((await wm(['whoami', '--home', home])).code).toBe(2);
  });
});

async function htmlServer(): Promise<{ server: Server; url: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('<html><body>Welcome</body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${address.port}` };
}

/** A server answering every request with `status` and the JSON `body`; counts the requests. */
async function jsonServer(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ server: Server; url: string; requests: () => number }> {
  let requests = 0;
  const server = createServer((_request, response) => {
    requests++;
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${address.port}`, requests: () => requests };
}

/** A port nothing listens on (just released). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
