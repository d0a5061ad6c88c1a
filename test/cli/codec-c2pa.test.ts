import { existsSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { c2paWrapper, cutWrapper } from '../../packages/codec/test/c2pa-fixtures.js';
import { CARRIER, makeTempDir, runWm } from './codec-harness.js';

// A C2PA text manifest beside (or instead of) our watermark, as a user meets it on the command line.

const temp = makeTempDir();
const WRAPPER = c2paWrapper();
const WITH_MANIFEST = CARRIER + WRAPPER;
const OFFSET = CARRIER.length;
const DESCRIBED = `C2PA manifest v1, 67 bytes at offset ${OFFSET} (valid framing)`;
const REPORT = { offset: OFFSET, version: 1, length: 67, label: 'c2pa', valid: true, wrappers: 1 };

beforeAll(() => writeFileSync(temp.path('signed.txt'), WITH_MANIFEST));
afterAll(() => temp.remove());

describe('decode and decode-robust', () => {
  it('only a manifest: exit 1, "no wm watermark" naming the manifest (was: exit 3, corrupted)', async () => {
    const run = await runWm(['decode', temp.path('signed.txt')]);
    expect(run).toMatchObject({ code: 1, out: '' });
    expect(run.stderr).toBe(`wm: No wm watermark found in text, only a ${DESCRIBED}\n`);
    const robust = await runWm(['decode-robust', temp.path('signed.txt')]);
    expect(robust).toMatchObject({ code: 1, out: '' });
    expect(robust.stderr).toBe(`wm: No wm watermark found in text, only a ${DESCRIBED}\n`);
  });

  it('only a manifest, --json: the c2pa object on stdout, still exit 1', async () => {
    const run = await runWm(['decode', '--json'], { input: WITH_MANIFEST });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.out)).toEqual({
      error: 'NO_WATERMARK',
      message: `No wm watermark found in text, only a ${DESCRIBED}`,
      c2pa: REPORT,
    });
    const robust = await runWm(['decode-robust', '--json'], { input: WITH_MANIFEST });
    expect(robust.code).toBe(1);
    expect(JSON.parse(robust.out)).toMatchObject({ is_encoded: false, c2pa: REPORT });
  });

  it('a damaged manifest is reported as such, still exit 1', async () => {
    const run = await runWm(['decode'], { input: CARRIER + cutWrapper(WRAPPER, 30) });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('(invalid framing: declares 67 manifest bytes, 16 present)');
  });

  it('both: our secret on stdout, the manifest on stderr and in --json', async () => {
    // marked first, signed last
    const marked = (await runWm(['encode', '--secret', 'ID-42'], { input: CARRIER })).out + WRAPPER;
    const run = await runWm(['decode'], { input: marked });
    expect(run).toMatchObject({ code: 0, out: 'ID-42\n' });
    expect(run.stderr).toMatch(
      /^wm: the text also carries a C2PA manifest v1, 67 bytes at offset \d+ \(valid framing\)\n$/,
    );
    const json = JSON.parse((await runWm(['decode', '--json'], { input: marked })).out);
    expect(json).toMatchObject({ decoded: 'ID-42', c2pa: { version: 1, length: 67, valid: true, wrappers: 1 } });

    const robustMarked =
      (await runWm(['encode-robust', '--secret', 'r1', '--seed', '3'], { input: CARRIER.repeat(4) })).out + WRAPPER;
    const robust = await runWm(['decode-robust'], { input: robustMarked });
    expect(robust).toMatchObject({ code: 0, out: 'r1\n' });
    expect(robust.stderr).toContain('the text also carries a C2PA manifest v1, 67 bytes');
  });
});

describe('encode: mark first, sign last', () => {
  it('refuses a text that carries a manifest (exit 2), naming it and the order; -o writes nothing', async () => {
    for (const args of [[], ['--method', 'single'], ['--json'], ['-o', temp.path('marked.txt')]]) {
      const run = await runWm(['encode', '--secret', 'copy #17', ...args, temp.path('signed.txt')]);
      expect(run).toMatchObject({ code: 2, out: '' });
      expect(run.stderr).toBe(
        `wm: the text carries a ${DESCRIBED}, whose hard binding covers the whole text: marks added now would ` +
          'break it. Mark the text first and sign it last, or remove the manifest (strip it) before marking and ' +
          'sign again\n',
      );
    }
    expect(existsSync(temp.path('marked.txt'))).toBe(false);
    const robust = await runWm(['encode-robust', '--secret', 's'], { input: CARRIER.repeat(4) + WRAPPER });
    expect(robust.code).toBe(2);
  });

  it('a damaged wrapper is kept byte for byte, with a warning on stderr and in --json; none without one', async () => {
    const damaged = CARRIER + cutWrapper(WRAPPER, 30);
    const run = await runWm(['encode', '--secret', 'x'], { input: damaged });
    expect(run.code).toBe(0);
    expect((await runWm(['strip'], { input: run.out })).out).toBe(damaged);
    expect(run.stderr).toMatch(/^wm: warning: the text carries a C2PA manifest .* may no longer verify\n$/);
    const json = await runWm(['encode', '--secret', 's', '--json'], { input: damaged });
    expect(JSON.parse(json.out).warnings).toEqual([expect.stringContaining('may no longer verify')]);
    expect((await runWm(['encode', '--secret', 'x'], { input: CARRIER })).stderr).toBe('');
  });
});

describe('strip, analyze, reveal', () => {
  it('strip keeps the manifest and says so; --all removes it and says so', async () => {
    const marked = (await runWm(['encode', '--secret', 'x'], { input: CARRIER })).out + WRAPPER;
    const kept = await runWm(['strip'], { input: marked });
    expect(kept).toMatchObject({ code: 0, out: WITH_MANIFEST });
    expect(kept.stderr).toMatch(
      /^wm: kept a C2PA manifest v1, 67 bytes at offset \d+ \(valid framing\); --all removes it too\n$/,
    );
    const all = await runWm(['strip', '--all'], { input: marked });
    expect(all).toMatchObject({ code: 0, out: CARRIER });
    expect(all.stderr).toMatch(/^wm: removed a C2PA manifest v1, 67 bytes/);
    expect(JSON.parse((await runWm(['strip', '--json'], { input: WITH_MANIFEST })).out)).toEqual({
      text: WITH_MANIFEST,
      kept: { c2pa: REPORT },
    });
    expect(JSON.parse((await runWm(['strip', '--json', '--all'], { input: WITH_MANIFEST })).out)).toEqual({
      text: CARRIER,
    });
    expect((await runWm(['strip'], { input: CARRIER })).stderr).toBe('');
  });

  it('strip --c2pa removes the manifest only: the watermark stays and still decodes', async () => {
    const marked = (await runWm(['encode', '--secret', 'kept'], { input: CARRIER })).out;
    const run = await runWm(['strip', '--c2pa'], { input: marked + WRAPPER });
    expect(run).toMatchObject({ code: 0, out: marked });
    expect(run.stderr).toMatch(/^wm: removed a C2PA manifest v1, 67 bytes/);
    expect((await runWm(['decode'], { input: run.out })).out).toBe('kept\n');
    expect(JSON.parse((await runWm(['strip', '--c2pa', '--json'], { input: marked })).out)).toEqual({ text: marked });
    expect((await runWm(['strip', '--c2pa', '--all'], { input: marked })).code).toBe(2);
    expect((await runWm(['strip', '--c2pa', '--in-place', temp.path('signed.txt')])).code).toBe(2);
  });

  it('analyze counts the manifest apart from our bytes', async () => {
    const run = await runWm(['analyze'], { input: WITH_MANIFEST });
    expect(run.code).toBe(0);
    expect(run.out).toContain('hidden bytes          0\n');
    expect(run.out).toContain('C2PA manifest bytes  80\n');
    expect(run.out.endsWith(`${DESCRIBED}\n`)).toBe(true);
    const json = JSON.parse((await runWm(['analyze', '--json'], { input: WITH_MANIFEST })).out);
    expect(json).toMatchObject({ encoded_bytes: 0, variation_selectors: 0, c2pa_bytes: 80, c2pa: REPORT });
  });

  it('reveal labels the manifest', async () => {
    const run = await runWm(['reveal'], { input: WITH_MANIFEST });
    expect(run.out).toBe(`${CARRIER}⟨C2PA manifest v1, 67 bytes⟩`);
    const coloured = await runWm(['reveal'], { input: WITH_MANIFEST, env: { FORCE_COLOR: '1' } });
    expect(coloured.out).toContain('⟨C2PA manifest v1, 67 bytes⟩');
    expect(coloured.out).not.toBe(run.out);
  });
});
