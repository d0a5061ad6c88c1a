import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { encode } from 'wm-watermark-codec';
import { CARRIER, SELECTOR, makeTempDir, runWm } from './codec-harness.js';

const temp = makeTempDir();
afterAll(() => temp.remove());

async function roundTrip(encodeArgs: string[], secret = 'p4ss', text = CARRIER): Promise<string> {
  const encoded = await runWm(['encode', '--secret', secret, ...encodeArgs], { input: text });
  expect(encoded.stderr).toBe('');
  expect(encoded.code).toBe(0);
  const decoded = await runWm(['decode'], { input: encoded.stdout });
  expect(decoded.code).toBe(0);
  return decoded.out;
}

describe('wm encode / decode', () => {
  it.each([
    [[]],
    [['--method', 'single']],
    [['--method', 'chunked', '--chunk-size', '3']],
    [['--chunk-size', '2']],
    [['--method', 'char']],
    [['--first-letter-only']],
    [['--pattern', 'lazy dog']],
  ])('round-trips with %j', async (args) => {
    expect(await roundTrip(args)).toBe('p4ss\n');
  });

  it('--line-ends-only marks the last character of each line only (a line ending in "." has none)', async () => {
    const text = 'The quick brown fox\njumps over the lazy dog.\nand sleeps';
    expect(await roundTrip(['--line-ends-only'], 'p4ss', text)).toBe('p4ss\n');
    const encoded = (await runWm(['encode', '--secret', 'p4ss', '--line-ends-only'], { input: text })).out;
    const lines = encoded.split('\n');
    const inside = lines.map(
      (line) => (line.replace(/[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]+$/u, '').match(SELECTOR) ?? []).length,
    );
    expect(inside).toEqual([0, 0, 0]);
    expect(lines.map((line) => (line.match(SELECTOR) ?? []).length > 0)).toEqual([true, false, true]);
  });

  it('--whole-words keeps every word whole: marks only after punctuation that no space follows', async () => {
    const text = 'He said: “Don’t grep (council) — it’s the council’s job!”\nThen (again)';
    expect(await roundTrip(['--whole-words'], 'p4ss', text)).toBe('p4ss\n');
    const encoded = (await runWm(['encode', '--secret', 'p4ss', '--whole-words'], { input: text })).out;
    for (const word of ['said', 'Don’t', 'grep', 'council', 'it’s', 'council’s', 'job', 'Then', 'again'])
      expect(encoded).toContain(word);
    expect(encoded).toMatch(SELECTOR);
  });

  it('--skip-lines N leaves the first N lines unmarked; a negative N is a usage error', async () => {
    const text = `Headline\nByline\n${CARRIER}`;
    expect(await roundTrip(['--skip-lines', '2'], 'p4ss', text)).toBe('p4ss\n');
    const encoded = (await runWm(['encode', '--secret', 'p4ss', '--skip-lines', '2'], { input: text })).out;
    expect(encoded.split('\n').slice(0, 2)).toEqual(['Headline', 'Byline']);
    expect((await runWm(['encode', '--secret', 'x', '--skip-lines', '-1'], { input: text })).code).toBe(2);
  });

  it('--output tokens prints only the marked graphemes', async () => {
    const run = await runWm(['encode', '--secret', 'tok', '--method', 'single', '--output', 'tokens'], {
      input: CARRIER,
    });
    expect(run.code).toBe(0);
    expect(run.out.replace(SELECTOR, '').length).toBeLessThan(CARRIER.length);
    expect(CARRIER.startsWith(run.out.replace(SELECTOR, '').slice(0, 1))).toBe(true);
  });

  it('--json prints {encoded, keyed, stats} like the HTTP endpoint', async () => {
    const run = await runWm(['encode', '--secret', 'js', '--method', 'chunked', '--chunk-size', '2', '--json'], {
      input: CARRIER,
    });
    const body = JSON.parse(run.out) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['encoded', 'keyed', 'stats']);
    expect(body.keyed).toBe(false);
    expect(body.stats).toMatchObject({ secretLength: 2, chunkSize: 2, method: 'chunked' });
    expect(Object.keys(body.stats as object).sort()).toEqual([
      'chunkSize',
      'encodedLength',
      'method',
      'originalLength',
      'secretLength',
    ]);
    const decoded = await runWm(['decode', '--json'], { input: body.encoded as string });
    const result = JSON.parse(decoded.out) as Record<string, unknown>;
    expect(result).toMatchObject({ decoded: 'js', keyed: false, stats: { decodedLength: 2 } });
    const unsigned = expect.objectContaining({ status: 'unsigned' });
    expect(result.watermarks).toEqual([{ kind: 'vs', decoded: 'js', keyed: false, signature: unsigned }]);
  });

  it('takes any chunk size from 1, like the library and the API: a large one fills one grapheme', async () => {
    const args = ['encode', '--secret', 'one grapheme', '--chunk-size', '1000', '--json'];
    const run = await runWm(args, { input: CARRIER });
    expect(run.code, run.stderr).toBe(0);
    const body = JSON.parse(run.out) as { encoded: string; stats: { chunkSize: number } };
    expect(body.stats.chunkSize).toBe(1000);
    expect(body.encoded).toBe(encode(CARRIER, 'one grapheme', { method: 'chunked', chunkSize: 1000 }).encoded);
    expect(body.encoded).toMatch(/^T[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]+he quick brown fox/u);
  });

  it('decode --all prints every watermark, one per line', async () => {
    const first = await runWm(['encode', '--secret', 'one'], {
      input: 'First paragraph with plenty of letters to carry.',
    });
    const second = await runWm(['encode', '--secret', 'two'], {
      input: 'Second paragraph with plenty of letters too.',
    });
    const both = `${first.out}\n${second.out}`;
    expect((await runWm(['decode'], { input: both })).out).toBe('one\n');
    expect((await runWm(['decode', '--all'], { input: both })).out).toBe('one\ntwo\n');
  });

  it('text without a watermark exits 1', async () => {
    const run = await runWm(['decode'], { input: CARRIER });
    expect(run.code).toBe(1);
    expect(run.out).toBe('');
    expect(run.stderr).toMatch(/^wm: [^\n]+\n$/);
  });

  it('a carrier too short exits 2 and names the required length', async () => {
    const run = await runWm(['encode', '--secret', 'this secret needs far more letters', '--method', 'single'], {
      input: 'Tiny text',
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^wm: .*required length: \d+\)?\n$/);
  });

  it('a pattern that is not in the text exits 2', async () => {
    const run = await runWm(['encode', '--secret', 's', '--pattern', 'zebra'], { input: CARRIER });
    expect(run.code).toBe(2);
  });

  it('a flipped selector exits 3 (corrupted), never another secret', async () => {
    const encoded = (await runWm(['encode', '--secret', 'intact', '--method', 'single'], { input: CARRIER })).out;
    const selectors = [...encoded.matchAll(SELECTOR)];
    const target = selectors[Math.floor(selectors.length / 2)];
    const flipped = String.fromCodePoint((target[0].codePointAt(0) as number) ^ 1);
    const damaged = encoded.slice(0, target.index) + flipped + encoded.slice(target.index + target[0].length);
    const run = await runWm(['decode'], { input: damaged });
    expect(run.code).toBe(3);
    expect(run.out).toBe('');
  });

  it.each([
    [['--method', 'fancy'], /--method/],
    [['--output', 'some'], /--output/],
    [['--chunk-size', '0'], /--chunk-size/],
    [['--chunk-size', '2.5'], /--chunk-size/],
    [['--unknown-flag'], /unknown option/],
    [['--mark-word-ends', '--line-ends-only'], /--mark-word-ends.*cannot be used with.*--line-ends-only/],
    [['--whole-words', '--line-ends-only'], /--whole-words.*cannot be used with.*--line-ends-only/],
  ])('rejects %j with exit 2', async (args, message) => {
    const run = await runWm(['encode', '--secret', 's', ...args], { input: CARRIER });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });
});

describe('wm encode: secret sources', () => {
  it('--secret-file removes exactly one trailing newline (LF or CRLF)', async () => {
    writeFileSync(temp.path('lf'), 'from a file\n');
    writeFileSync(temp.path('crlf'), 'from a file\r\n');
    writeFileSync(temp.path('two'), 'from a file\n\n');
    for (const [file, expected] of [
      ['lf', 'from a file'],
      ['crlf', 'from a file'],
      ['two', 'from a file\n'],
    ]) {
      const encoded = await runWm(['encode', '--secret-file', temp.path(file), '--json'], { input: CARRIER });
      const decoded = await runWm(['decode', '--json'], {
        input: (JSON.parse(encoded.out) as { encoded: string }).encoded,
      });
      expect((JSON.parse(decoded.out) as { decoded: string }).decoded).toBe(expected);
    }
  });

  it('decode output fed back through --secret-file gives the same secret', async () => {
    const encoded = await runWm(['encode', '--secret', 'line\n', '--json'], { input: CARRIER });
    const out = temp.path('decoded-secret');
    await runWm(['decode', '-o', out], { input: (JSON.parse(encoded.out) as { encoded: string }).encoded });
    const again = await runWm(['encode', '--secret-file', out, '--json'], { input: CARRIER });
    expect(JSON.parse(again.out)).toMatchObject({ stats: { secretLength: 5 } });
  });

  it('--secret-env reads the variable', async () => {
    const encoded = await runWm(['encode', '--secret-env', 'WM_TEST_SECRET'], {
      input: CARRIER,
      env: { WM_TEST_SECRET: 'from env' },
    });
    expect((await runWm(['decode'], { input: encoded.stdout })).out).toBe('from env\n');
  });

  it.each([
    [[], /exactly one of --secret/],
    [['--secret', 'a', '--secret-env', 'HOME'], /exactly one of --secret/],
    [['--secret-env', 'WM_TEST_UNSET_VARIABLE'], /WM_TEST_UNSET_VARIABLE is not set/],
  ])('secret options %j exit 2', async (args, message) => {
    const run = await runWm(['encode', ...args], { input: CARRIER });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  it('a missing --secret-file exits 4', async () => {
    expect((await runWm(['encode', '--secret-file', temp.path('nope')], { input: CARRIER })).code).toBe(4);
  });
});
