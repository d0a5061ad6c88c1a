import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { CARRIER, makeTempDir, runWm } from './codec-harness.js';

const temp = makeTempDir();
afterAll(() => temp.remove());

async function keygen(name: string): Promise<string> {
  const file = temp.path(name);
  const run = await runWm(['keygen', '-o', file]);
  expect(run).toMatchObject({
    code: 0,
    out: '',
    stderr: `Wrote ${file} (the key, mode 0600, for --key-file: keep it secret).\n`,
  });
  return file;
}

describe('wm keygen', () => {
  it('writes 64 lowercase hex digits and a newline, mode 0600', async () => {
    const file = await keygen('mode.key');
    expect(readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses to overwrite an existing file (exit 2) unless --force', async () => {
    const file = await keygen('existing.key');
    const before = readFileSync(file, 'utf8');
    const refused = await runWm(['keygen', '-o', file]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/already exists; use --force/);
    expect(readFileSync(file, 'utf8')).toBe(before);
    writeFileSync(temp.path('loose.key'), 'old');
    const forced = await runWm(['keygen', '-o', temp.path('loose.key'), '--force']);
    expect(forced.code).toBe(0);
    expect(readFileSync(temp.path('loose.key'), 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    expect(statSync(temp.path('loose.key')).mode & 0o777).toBe(0o600);
  });

  it('prints a fresh key to stdout without -o', async () => {
    const [first, second] = await Promise.all([runWm(['keygen']), runWm(['keygen'])]);
    expect(first.out).toMatch(/^[0-9a-f]{64}\n$/);
    expect(first.out).not.toBe(second.out);
  });

  it('exits 4 when the directory does not exist', async () => {
    const run = await runWm(['keygen', '-o', temp.path('missing/dir.key')]);
    expect(run.code).toBe(4);
    expect(existsSync(temp.path('missing'))).toBe(false);
  });
});

describe('keyed encode / decode with --key-file', () => {
  it('round-trips with the key, reports keyed: true', async () => {
    const key = await keygen('roundtrip.key');
    const encoded = await runWm(['encode', '--secret', 'sealed', '--key-file', key, '--json'], { input: CARRIER });
    const body = JSON.parse(encoded.out) as { encoded: string; keyed: boolean };
    expect(body.keyed).toBe(true);
    const decoded = await runWm(['decode', '--key-file', key, '--json'], { input: body.encoded });
    expect(JSON.parse(decoded.out)).toMatchObject({ decoded: 'sealed', keyed: true });
  });

  it('a wrong key exits 3, a missing key exits 3', async () => {
    const key = await keygen('right.key');
    const other = await keygen('wrong.key');
    const encoded = await runWm(['encode', '--secret', 'sealed', '--key-file', key], { input: CARRIER });
    const wrong = await runWm(['decode', '--key-file', other], { input: encoded.stdout });
    expect(wrong).toMatchObject({ code: 3, out: '' });
    const missing = await runWm(['decode'], { input: encoded.stdout });
    expect(missing).toMatchObject({ code: 3, out: '' });
    expect(wrong.stderr).not.toBe(missing.stderr);
  });

  it('accepts raw 32-byte, base64 and uppercase-hex key files', async () => {
    const bytes = randomBytes(32);
    writeFileSync(temp.path('raw.key'), bytes);
    writeFileSync(temp.path('b64.key'), `${bytes.toString('base64')}\n`);
    writeFileSync(temp.path('hex.key'), bytes.toString('hex').toUpperCase());
    const encoded = await runWm(['encode', '--secret', 'formats', '--key-file', temp.path('raw.key')], {
      input: CARRIER,
    });
    for (const name of ['raw.key', 'b64.key', 'hex.key']) {
      expect((await runWm(['decode', '--key-file', temp.path(name)], { input: encoded.stdout })).out).toBe('formats\n');
    }
  });

  it('rejects a malformed key file with exit 2', async () => {
    writeFileSync(temp.path('short.key'), 'abcdef\n');
    const run = await runWm(['encode', '--secret', 's', '--key-file', temp.path('short.key')], { input: CARRIER });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/is not a key file/);
  });
});
