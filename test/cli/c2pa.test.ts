import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findC2paWrappers } from 'wm-watermark-codec/c2pa';
import { CARRIER, makeTempDir, runWm } from './codec-harness.js';

// `wm c2pa keygen`, `wm c2pa sign`, and the C2PA side of `wm verify` and `wm strip`, as a user runs them.

const temp = makeTempDir();
const TEXT = `${CARRIER}\nA second line.\n`;
const key = temp.path('press.key');
const cert = temp.path('press.crt');
const root = temp.path('press.root.crt');
const signedPath = temp.path('signed.txt');

beforeAll(async () => {
  const made = await runWm(['c2pa', 'keygen', '-o', key, '--name', 'Ada Press']);
  expect(made.code, made.stderr).toBe(0);
  writeFileSync(temp.path('doc.txt'), TEXT);
  const signed = await runWm(['c2pa', 'sign', temp.path('doc.txt'), '--key', key, '--cert', cert, '-o', signedPath]);
  expect(signed.code, signed.stderr).toBe(0);
});
afterAll(() => temp.remove());

describe('wm c2pa keygen', () => {
  it('writes the key (0600), the chain and the root, says which is which, and never prints the key', async () => {
    expect(statSync(key).mode & 0o777).toBe(0o600);
    expect(readFileSync(cert, 'utf8').match(/BEGIN CERTIFICATE/g)).toHaveLength(2);
    expect(readFileSync(root, 'utf8').match(/BEGIN CERTIFICATE/g)).toHaveLength(1);
    const again = await runWm(['c2pa', 'keygen', '-o', temp.path('other.key'), '--alg', 'ed25519']);
    expect(again).toMatchObject({ code: 0, out: '' });
    expect(again.stderr).toContain('other.root.crt (the trust anchor');
    expect(again.stderr).not.toContain('PRIVATE KEY');
  });

  it('refuses to replace files without --force, a bad algorithm, and a key named like a certificate', async () => {
    expect((await runWm(['c2pa', 'keygen', '-o', key])).code).toBe(2);
    expect((await runWm(['c2pa', 'keygen', '-o', temp.path('x.key'), '--alg', 'rsa'])).code).toBe(2);
    expect((await runWm(['c2pa', 'keygen', '-o', temp.path('x.crt')])).code).toBe(2);
  });
});

describe('wm c2pa sign and wm verify', () => {
  it('trusted with the root (exit 0), unknown signer without it (exit 9), text changed (exit 10)', async () => {
    const trusted = await runWm(['verify', '--trust', root, signedPath]);
    expect(trusted.code, trusted.stderr).toBe(0);
    expect(trusted.out).toMatch(/^C2PA manifest urn:c2pa:[0-9a-f-]+: valid, signer trusted\n/);
    expect(trusted.out).toContain('signed by Ada Press, certificate issued by CN=Ada Press (root), O=Ada Press, ES256');
    expect(trusted.out).toContain('action c2pa.created (digitalCreation)');
    const unknown = await runWm(['verify', signedPath]);
    expect(unknown.code).toBe(9);
    expect(unknown.out).toContain('failure signingCredential.untrusted');
    const signed = readFileSync(signedPath, 'utf8');
    const changed = await runWm(['verify', '--trust', root], { input: signed.replace('quick', 'quack') });
    expect(changed.code).toBe(10);
    expect(changed.stderr).toBe('wm: the C2PA manifest is signed, but the text was changed since\n');
  });

  it('--json: the verdict of the marks and the C2PA validation, with its status codes', async () => {
    const run = await runWm(['verify', '--json', '--trust', root, signedPath]);
    const json = JSON.parse(run.out);
    expect(json).toMatchObject({
      status: 'unsigned',
      marks: [],
      c2pa: { state: 'trusted', failure: [], algorithm: 'es256', signer: { name: 'Ada Press' } },
    });
    expect(json.c2pa.success.map(({ code }: { code: string }) => code)).toContain('assertion.dataHash.match');
  });

  it('the row’s flags: --action repeatable offline (c2pa.edited is edited), --source-type, --title', async () => {
    const flags = ['--action', 'published', '--action', 'c2pa.edited', '--source-type', 'trainedAlgorithmicMedia'];
    const signed = await runWm(['c2pa', 'sign', '--key', key, '--cert', cert, ...flags, '--title', 'Minutes'], {
      input: TEXT,
    });
    expect(signed.code, signed.stderr).toBe(0);
    const verified = await runWm(['verify', '--trust', root], { input: signed.out });
    expect(verified.out).toContain('action c2pa.created (trainedAlgorithmicMedia)');
    expect(verified.out).toMatch(/action c2pa\.published .*\n.*action c2pa\.edited /);
    const json = await runWm(['verify', '--json', '--trust', root], { input: signed.out });
    expect(JSON.parse(json.out).c2pa).toMatchObject({ state: 'trusted', title: 'Minutes' });
  });

  it('a second manifest is refused (exit 2); two wrappers are multipleWrappers (exit 8)', async () => {
    const again = await runWm(['c2pa', 'sign', signedPath, '--key', key, '--cert', cert]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already carries a C2PA manifest');
    const doubled = readFileSync(signedPath, 'utf8').trimEnd();
    const wrapper = doubled.slice(findC2paWrappers(doubled)[0].index);
    const run = await runWm(['verify', '--json'], { input: doubled + wrapper });
    expect(run.code).toBe(8);
    expect(JSON.parse(run.out).c2pa.failure).toEqual([
      expect.objectContaining({ code: 'manifest.text.multipleWrappers' }),
    ]);
  });

  it('refuses a key that is not the certificate’s, and bad options, writing nothing', async () => {
    const other = temp.path('mismatch.key');
    expect((await runWm(['c2pa', 'keygen', '-o', other])).code).toBe(0);
    const out = temp.path('never.txt');
    const run = await runWm(['c2pa', 'sign', temp.path('doc.txt'), '--key', other, '--cert', cert, '-o', out]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("the private key is not the certificate's");
    expect(
      (await runWm(['c2pa', 'sign', '--key', key, '--cert', cert, '--action', 'stolen'], { input: TEXT })).code,
    ).toBe(2);
    expect(
      (await runWm(['c2pa', 'sign', '--key', key, '--cert', cert, '--source-type', 'x'], { input: TEXT })).code,
    ).toBe(2);
    expect(() => statSync(out)).toThrow();
  });
});

describe('both worlds in one text', () => {
  it('mark and wm-sign first, C2PA-sign last: verify checks both, scan names both, strip --c2pa', async () => {
    const wmKey = temp.path('wm.key');
    expect((await runWm(['keygen', '--sign', '-o', wmKey])).code).toBe(0);
    const marked = (
      await runWm(['encode', '--secret', 'copy #17', '--sign-key', wmKey, '--bind-text'], { input: TEXT })
    ).out;
    const signed = await runWm(['c2pa', 'sign', '--key', key, '--cert', cert, '--json'], { input: marked });
    expect(JSON.parse(signed.out)).toMatchObject({ soft_binding: true });
    const both = JSON.parse(signed.out).text as string;
    const verified = await runWm(['verify', '--keys', temp.path('wm.pub'), '--trust', root, '--json'], { input: both });
    expect(verified.code, verified.stderr).toBe(0);
    expect(JSON.parse(verified.out)).toMatchObject({
      status: 'valid',
      marks: [{ decoded: 'copy #17', signature: { status: 'valid', text_matches: true } }],
      c2pa: { state: 'trusted', softBinding: { matches: true } },
    });
    writeFileSync(temp.path('both.txt'), both);
    const scanned = await runWm(['scan', temp.path('both.txt')]);
    expect(scanned.out).toContain('C2PA manifest');
    expect(scanned.out).toMatch(/watermark/);
    const stripped = await runWm(['strip', '--c2pa'], { input: both });
    expect(stripped.out).toBe(marked);
    expect((await runWm(['decode'], { input: stripped.out })).out).toBe('copy #17\n');
    // marking after signing is refused: it would break the hard binding
    const refused = await runWm(['encode', '--secret', 'late'], { input: both });
    expect(refused.code).toBe(2);
  });
});
