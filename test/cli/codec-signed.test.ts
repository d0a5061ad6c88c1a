import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32 } from 'wm-watermark-codec/crc32';
import { payloadBytes } from 'wm-watermark-codec/scan';
import { selectorsForBytes } from 'wm-watermark-codec/selectors';
import { CARRIER, makeTempDir, runWm } from './codec-harness.js';

const temp = makeTempDir();
afterAll(() => temp.remove());

const TEXT = `${CARRIER} ${CARRIER} ${CARRIER}`;
const ROBUST_TEXT = `${CARRIER} `.repeat(16);
let keyId = '';

beforeAll(async () => {
  const run = await runWm(['keygen', '--sign', '-o', temp.path('news.key')]);
  expect(run.code).toBe(0);
  // stdout is the key id alone, for scripts; the person who ran it learns on stderr which files it wrote
  expect(run.stderr).toBe(
    `Wrote ${temp.path('news.key')} (the private key, mode 0600, for --sign-key: keep it secret) and ` +
      `${temp.path('news.pub')} (the public key, for --keys: give it to whoever checks your marks).\n`,
  );
  keyId = run.out.trim();
  await runWm(['keygen', '--sign', '-o', temp.path('other.key')]);
  writeFileSync(temp.path('text.txt'), TEXT);
  writeFileSync(temp.path('long.txt'), ROBUST_TEXT);
});

async function signed(args: string[] = [], file = 'text.txt'): Promise<string> {
  const run = await runWm([
    'encode',
    temp.path(file),
    '--secret',
    'ID-42',
    '--sign-key',
    temp.path('news.key'),
    ...args,
  ]);
  expect(run).toMatchObject({ code: 0, stderr: '' });
  return run.out;
}

describe('wm keygen --sign', () => {
  it('writes NAME.key (PEM, 0600) and NAME.pub, and prints the key id', () => {
    expect(keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(readFileSync(temp.path('news.key'), 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(statSync(temp.path('news.key')).mode & 0o777).toBe(0o600);
    expect(readFileSync(temp.path('news.pub'), 'utf8')).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
  });

  it("writes keys OpenSSL reads: the public key is the private key's", () => {
    let derived: string;
    try {
      derived = execFileSync('openssl', ['pkey', '-in', temp.path('news.key'), '-pubout'], { encoding: 'utf8' });
    } catch {
      return; // no openssl on this machine: nothing to compare with
    }
    expect(derived).toBe(readFileSync(temp.path('news.pub'), 'utf8'));
  });

  it('needs -o, and replaces neither file without --force', async () => {
    expect((await runWm(['keygen', '--sign'])).code).toBe(2);
    const before = readFileSync(temp.path('news.key'), 'utf8');
    const refused = await runWm(['keygen', '--sign', '-o', temp.path('news.key')]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/already exists; use --force/);
    expect(readFileSync(temp.path('news.key'), 'utf8')).toBe(before);
  });

  it('refuses to write the private key to a file named .pub', async () => {
    const refused = await runWm(['keygen', '--sign', '-o', temp.path('oops.pub')]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/-o names the private key file/);
    expect(existsSync(temp.path('oops.pub'))).toBe(false);
    expect(existsSync(temp.path('oops.pub.pub'))).toBe(false);
  });

  it('writes no half pair when the public key file exists', async () => {
    writeFileSync(temp.path('half.pub'), "someone else's");
    const refused = await runWm(['keygen', '--sign', '-o', temp.path('half.key')]);
    expect(refused.code).toBe(2);
    expect(existsSync(temp.path('half.key'))).toBe(false);
  });
});

describe('signing and verifying offline', () => {
  it('encode --sign-key: decode --keys --json reports a valid signature by the named key', async () => {
    const marked = await signed(['--bind-text']);
    const run = await runWm(['decode', '--keys', temp.path('news.pub'), '--json'], { input: marked });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.out)).toMatchObject({
      decoded: 'ID-42',
      signature: {
        status: 'valid',
        key_id: keyId,
        known_signer: true,
        signer: 'news',
        valid: true,
        text_matches: true,
      },
    });
  });

  it('decode without --json prints the secret as before and the verdict on stderr', async () => {
    const run = await runWm(['decode'], { input: await signed() });
    expect(run).toMatchObject({ code: 0, out: 'ID-42\n' });
    expect(run.stderr).toMatch(new RegExp(`signed by unknown key ${keyId}`));
  });

  it('wm verify: exit 0 valid, 10 text edited, 9 unknown key, 7 unsigned, 1 no watermark', async () => {
    const marked = await signed(['--bind-text']);
    const valid = await runWm(['verify', '--keys', temp.path('news.pub')], { input: marked });
    expect(valid).toMatchObject({ code: 0, stderr: '' });
    expect(valid.out).toMatch(
      /mark "ID-42": signature valid: key [0-9a-f]{16} \(news; from \S+news\.pub\), text unchanged/,
    );

    const edited = await runWm(['verify', '--keys', temp.path('news.pub')], {
      input: marked.replace('afternoon sun.', 'evening.'),
    });
    expect(edited.code).toBe(10);
    expect(edited.stderr).toMatch(/text it binds was edited/);

    expect((await runWm(['verify', '--keys', temp.path('other.pub')], { input: marked })).code).toBe(9);
    const plain = await runWm(['encode', '--secret', 'ID-42'], { input: TEXT });
    expect((await runWm(['verify', '--keys', temp.path('news.pub')], { input: plain.out })).code).toBe(7);
    expect((await runWm(['verify', '--keys', temp.path('news.pub')], { input: TEXT })).code).toBe(1);
  });

  it('wm verify: exit 8 when a signature does not verify (the secret changed, the CRC made right again)', async () => {
    const frame = payloadBytes(await signed(['--method', 'single']));
    frame[11] ^= 0x01; // "ID-42" → "HD-42": the body starts after magic, flags, length and the 8-byte signer id
    const crc = crc32(frame, 0, frame.length - 4);
    frame.set([crc >>> 24, (crc >>> 16) & 0xff, (crc >>> 8) & 0xff, crc & 0xff], frame.length - 4);
    const forged = TEXT[0] + selectorsForBytes(frame, 0, frame.length) + TEXT.slice(1);
    const run = await runWm(['verify', '--keys', temp.path('news.pub')], { input: forged });
    expect(run.code).toBe(8);
    expect(run.out).toMatch(/mark "HD-42": signature INVALID/);
    expect(run.stderr).toMatch(/forged or altered/);
  });

  it('two marks by two signers in one text: both reported, each with its signer', async () => {
    const marked = await signed();
    const other = await runWm(['encode', '--secret', 'ID-43', '--sign-key', temp.path('other.key')], { input: TEXT });
    const run = await runWm(['verify', '--keys', temp.path('news.pub'), '--keys', temp.path('other.pub'), '--json'], {
      input: `${marked}\n${other.out}`,
    });
    expect(run.code).toBe(0);
    const { marks } = JSON.parse(run.out) as { marks: { decoded: string; signature: { signer: string } }[] };
    expect(marks.map((m) => [m.decoded, m.signature.signer])).toEqual([
      ['ID-42', 'news'],
      ['ID-43', 'other'],
    ]);
  });

  it('encode-robust, signed, bound and keyed: verify needs no AES key, decode-robust reads it', async () => {
    const keyFile = temp.path('aes.key');
    await runWm(['keygen', '-o', keyFile]);
    const args = ['encode-robust', temp.path('long.txt'), '--secret', 'ID-42', '--seed', '1'];
    const run = await runWm([...args, '--key-file', keyFile, '--sign-key', temp.path('news.key'), '--bind-text']);
    expect(run.code).toBe(0);
    const verified = await runWm(['verify', '--keys', temp.path('news.pub'), '--json'], { input: run.out });
    expect(verified.code).toBe(0);
    expect(JSON.parse(verified.out)).toMatchObject({
      status: 'valid',
      marks: [{ mode: 'robust', decoded: null, keyed: true }],
    });
    const human = await runWm(['verify', '--keys', temp.path('news.pub')], { input: run.out });
    expect(human.out).toMatch(/^robust mark \(encrypted: give --key-file to read it\): signature valid/);
    const otherKey = temp.path('other-aes.key');
    await runWm(['keygen', '-o', otherKey]);
    const wrongKey = await runWm(['verify', '--keys', temp.path('news.pub'), '--key-file', otherKey], {
      input: run.out,
    });
    expect(wrongKey.code).toBe(0);
    expect(wrongKey.out).toMatch(/^robust mark \(encrypted with another key than --key-file\): signature valid/);
    const decoded = await runWm(['decode-robust', '--key-file', keyFile, '--keys', temp.path('news.pub'), '--json'], {
      input: run.out,
    });
    expect(JSON.parse(decoded.out)).toMatchObject({
      decoded: 'ID-42',
      signature: { status: 'valid', text_matches: true },
    });
  });

  it('a carrier too short for the signed frame: exit 2 with the larger length, and no output file', async () => {
    writeFileSync(temp.path('short.txt'), 'Hello there, world');
    const out = temp.path('short-out.txt');
    const run = await runWm([
      'encode',
      temp.path('short.txt'),
      '--secret',
      'ID-42',
      '--method',
      'single',
      '--sign-key',
      temp.path('news.key'),
      '-o',
      out,
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/required length: 84/);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses bad key options with exit 2', async () => {
    const bindAlone = await runWm(['encode', '--secret', 'x', '--bind-text'], { input: TEXT });
    expect(bindAlone).toMatchObject({ code: 2 });
    expect(bindAlone.stderr).toMatch(/needs --sign-key/);
    const publicAsPrivate = await runWm(['encode', '--secret', 'x', '--sign-key', temp.path('news.pub')], {
      input: TEXT,
    });
    expect(publicAsPrivate.code).toBe(2);
    expect(publicAsPrivate.stderr).toMatch(/not an Ed25519 private key/);
    const privateAsPublic = await runWm(['verify', '--keys', temp.path('news.key')], { input: TEXT });
    expect(privateAsPublic.code).toBe(2);
    expect((await runWm(['verify'], { input: TEXT })).code).toBe(2);
    const remote = await runWm([
      'encode',
      '--secret',
      'x',
      '--sign-key',
      temp.path('news.key'),
      '--server',
      'http://127.0.0.1:9',
    ]);
    expect(remote.code).toBe(2);
    expect(remote.stderr).toMatch(/work offline only/);
  });

  it("reads a key set (wm-keys.json) as --keys, and refuses one whose kid is not its key's", async () => {
    const marked = await signed();
    const pem = readFileSync(temp.path('news.pub'), 'utf8');
    const x = Buffer.from(pem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64')
      .subarray(12)
      .toString('base64url');
    const set = {
      keys: [
        { kty: 'RSA', n: 'x', e: 'AQAB' },
        { kty: 'OKP', crv: 'Ed25519', x, kid: keyId, name: 'Example News' },
      ],
    };
    writeFileSync(temp.path('keys.json'), JSON.stringify(set));
    const run = await runWm(['verify', '--keys', temp.path('keys.json')], { input: marked });
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/\(Example News; from \S+keys\.json\)/);
    set.keys[1].kid = '0000000000000000';
    writeFileSync(temp.path('bad-keys.json'), JSON.stringify(set));
    const refused = await runWm(['verify', '--keys', temp.path('bad-keys.json')], { input: marked });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/its key's id is/);
  });

  it('wm keys export: a key set of .pub files that wm verify --keys reads; retired dates carried over', async () => {
    const out = temp.path('exported.json');
    const run = await runWm(['keys', 'export', temp.path('news.pub'), temp.path('other.pub'), '-o', out]);
    expect(run).toMatchObject({ code: 0, out: '', stderr: '' });
    const set = JSON.parse(readFileSync(out, 'utf8')) as { keys: Record<string, unknown>[] };
    expect(set.keys.map((key) => [key.kid, key.name, key.kty, key.crv])).toEqual([
      [keyId, 'news', 'OKP', 'Ed25519'],
      [expect.stringMatching(/^[0-9a-f]{16}$/), 'other', 'OKP', 'Ed25519'],
    ]);
    expect((await runWm(['verify', '--keys', out], { input: await signed() })).code).toBe(0);
    set.keys[0].retired = '2026-06-01T00:00:00.000Z';
    writeFileSync(out, JSON.stringify(set));
    const again = await runWm(['keys', 'export', out, temp.path('news.pub')]);
    expect(JSON.parse(again.out).keys[0]).toMatchObject({ kid: keyId, retired: '2026-06-01T00:00:00.000Z' });
    expect((await runWm(['keys', 'export', out, '--name', 'x'])).code).toBe(2);
  });

  it('wm verify says whose key set a signer came from: issuer and account of the set, and the file', async () => {
    const marked = await signed();
    const set = {
      issuer: 'https://news.example',
      keys: [{ ...publishedEntry('news'), name: 'Ada News', account: 'ada' }],
    };
    writeFileSync(temp.path('ada.json'), JSON.stringify(set));
    const run = await runWm(['verify', '--keys', temp.path('ada.json')], { input: marked });
    expect(run.code, run.stderr).toBe(0);
    expect(run.out).toMatch(
      /signature valid: key [0-9a-f]{16} \(Ada News; account ada, key set of https:\/\/news\.example in \S+ada\.json\)/,
    );
    const json = await runWm(['verify', '--keys', temp.path('ada.json'), '--json'], { input: marked });
    expect(JSON.parse(json.out).marks[0].key_source).toEqual({
      file: temp.path('ada.json'),
      issuer: 'https://news.example',
      account: 'ada',
    });
  });

  it('wm verify refuses a key listed twice, and confusable signer names across key sets (exit 2)', async () => {
    const marked = await signed();
    const setOf = (name: string, account: string, key = 'news') => ({
      issuer: `https://${account}.example`,
      keys: [{ ...publishedEntry(key), name, account }],
    });
    writeFileSync(temp.path('ada-news.json'), JSON.stringify(setOf('Ada News', 'ada')));
    writeFileSync(temp.path('mallory.json'), JSON.stringify(setOf('\u0410DA NEWS', 'mallory', 'other')));
    writeFileSync(temp.path('twice.json'), JSON.stringify(setOf('Ada News', 'ada')));
    const twice = await runWm(['verify', '--keys', temp.path('ada-news.json'), '--keys', temp.path('twice.json')], {
      input: marked,
    });
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(
      /^wm: --keys: key [0-9a-f]{16} is listed twice \(\S+ada-news\.json and \S+twice\.json\)/,
    );
    const confusable = await runWm(
      ['verify', '--keys', temp.path('ada-news.json'), '--keys', temp.path('mallory.json')],
      { input: marked },
    );
    expect(confusable.code).toBe(2);
    expect(confusable.stderr).toMatch(
      /"Ada News" \(account ada, .*\) and "АDA NEWS" \(account mallory, .*\) could be taken/,
    );
    // one set, two accounts under one name: refused as well
    const both = { keys: [...setOf('Ada News', 'ada').keys, ...setOf('Ada News', 'mallory', 'other').keys] };
    writeFileSync(temp.path('both.json'), JSON.stringify(both));
    expect((await runWm(['verify', '--keys', temp.path('both.json')], { input: marked })).code).toBe(2);
  });

  // 300,000 keys once crashed it (a push(...keys): Maximum call stack size exceeded); half as many still exceed what
  // a spread takes on this Node, which the first check proves, at half the cost
  it('wm verify reads a key set of 150,000 keys, more than a spread of arguments takes', async () => {
    const count = 150_000;
    const spread = spawnSync(process.execPath, ['-e', `[].push(...new Array(${count}).fill(0))`], { encoding: 'utf8' });
    expect(spread.stderr).toMatch(/RangeError: Maximum call stack size exceeded/);
    const marked = await signed();
    const many = Array.from({ length: count }, () => ({
      kty: 'OKP',
      crv: 'Ed25519',
      x: randomBytes(32).toString('base64url'),
      name: 'Bulk',
    }));
    many.push({ ...publishedEntry('news'), name: 'Bulk' });
    writeFileSync(temp.path('bulk.json'), JSON.stringify({ keys: many }));
    const run = await runWm(['verify', '--keys', temp.path('bulk.json')], { input: marked });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });
});

/** The key set entry of NAME.pub (no name: the caller adds it). */
function publishedEntry(name: string) {
  const pem = readFileSync(temp.path(`${name}.pub`), 'utf8');
  const x = Buffer.from(pem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64')
    .subarray(12)
    .toString('base64url');
  return { kty: 'OKP', crv: 'Ed25519', x };
}
