import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { encode } from 'wm-watermark-codec/encode';
import { encodeRobust } from 'wm-watermark-codec/robust';
import { selectorsForBytes } from 'wm-watermark-codec/selectors';
import { CARRIER, makeTempDir, runWm } from './codec-harness.js';

const temp = makeTempDir();
afterAll(() => temp.remove());

const KEY_HEX = '11'.repeat(32);
const keyFile = temp.path('team.key');
writeFileSync(keyFile, `${KEY_HEX}\n`);
const KEY = Uint8Array.from(Buffer.from(KEY_HEX, 'hex'));
const rawRun = (text: string) => `Hi${selectorsForBytes(new TextEncoder().encode(text))} there`;

describe('wm decode never answers with a secret that was not embedded', () => {
  it('the issue 30 reproduction: the greeting line deleted is exit 3, never "D"', async () => {
    const { encoded } = encode('Dear team, thanks for the draft.\nIt looks good to me.\nBest, Ana', 'Order 100001', {
      method: 'single',
    });
    const run = await runWm(['decode'], { input: encoded.slice(encoded.indexOf('\n') + 1) });
    expect(run).toMatchObject({ code: 3, out: '' });
    expect(run.stderr).toMatch(/^wm: Watermark data corrupted .*no wm watermark.*--raw-runs reads such runs as text/);
  });

  it('a raw run: exit 3 with its bytes in --json; --raw-runs reads it with a warning on stderr', async () => {
    const refused = await runWm(['decode', '--json'], { input: rawRun('hi') });
    expect(refused.code).toBe(3);
    expect(JSON.parse(refused.out)).toEqual({
      error: 'CORRUPTED',
      message: expect.stringMatching(/no wm watermark/),
      raw_runs: [{ offset: 2, length: 2, bytes: '68 69' }],
    });
    const read = await runWm(['decode', '--raw-runs'], { input: rawRun('hi') });
    expect(read).toMatchObject({ code: 0, out: 'hi\n' });
    expect(read.stderr).toMatch(/^wm: warning: raw runs read as text: they carry no integrity check/);
    const json = JSON.parse((await runWm(['decode', '--raw-runs', '--json'], { input: rawRun('hi') })).out);
    expect(json).toMatchObject({ decoded: 'hi', watermarks: [{ kind: 'raw', decoded: 'hi' }], raw_runs: [{}] });
    expect(json.warnings).toHaveLength(1);
  });

  it('a key means keyed: an unkeyed mark with --key-file is exit 11 unless --accept-unkeyed', async () => {
    const { encoded } = encode(CARRIER, 'open secret');
    const refused = await runWm(['decode', '--key-file', keyFile], { input: encoded });
    expect(refused).toMatchObject({ code: 11, out: '' });
    expect(refused.stderr).toMatch(/^wm: The watermark found is not keyed.*--accept-unkeyed reads it anyway\n$/);
    const accepted = await runWm(['decode', '--key-file', keyFile, '--accept-unkeyed'], { input: encoded });
    expect(accepted).toMatchObject({ code: 0, out: 'open secret\n' });
    expect(accepted.stderr).toMatch(/^wm: warning: the watermark is not keyed: anyone can make such a mark/);
    // a keyed mark of that key beside it is the answer; the unkeyed one is left out, and stderr says so
    const both = `${encode(CARRIER, 'keyed secret', { key: KEY }).encoded}\n${encoded}`;
    const keyed = await runWm(['decode', '--all', '--key-file', keyFile], { input: both });
    expect(keyed).toMatchObject({ code: 0, out: 'keyed secret\n' });
    expect(keyed.stderr).toMatch(/1 unkeyed watermark left out/);
  });

  it('decode-robust: the same rule for keys', async () => {
    const { watermarked } = encodeRobust(CARRIER.repeat(6), 'robust open');
    expect((await runWm(['decode-robust', '--key-file', keyFile], { input: watermarked })).code).toBe(11);
    const accepted = await runWm(['decode-robust', '--key-file', keyFile, '--accept-unkeyed'], { input: watermarked });
    expect(accepted).toMatchObject({ code: 0, out: 'robust open\n' });
  });

  it('wm decode reads a robust watermark too, as kind robust', async () => {
    const { watermarked } = encodeRobust(CARRIER.repeat(6), 'robust one');
    const run = await runWm(['decode', '--json'], { input: watermarked });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.out)).toMatchObject({ decoded: 'robust one', watermarks: [{ kind: 'robust' }] });
  });
});
