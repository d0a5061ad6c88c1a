import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, runWm } from './codec-harness.js';

const temp = makeTempDir();
afterAll(() => temp.remove());

const LONG_CARRIER = 'Robust marks ride on many visible characters of this longer paragraph. '.repeat(12);

describe('wm encode-robust / decode-robust', () => {
  it.each([
    [['--distribution', 'even']],
    [['--distribution', 'random', '--seed', '7']],
    [['--distribution', 'clustered', '--stealth', 'high']],
    [['--stealth', 'maximum']],
  ])('round-trips with %j', async (args) => {
    const encoded = await runWm(['encode-robust', '--secret', 'sturdy', ...args], { input: LONG_CARRIER });
    expect(encoded.stderr).toBe('');
    expect(encoded.code).toBe(0);
    const decoded = await runWm(['decode-robust'], { input: encoded.stdout });
    expect(decoded).toMatchObject({ code: 0, out: 'sturdy\n', stderr: '' });
  });

  it('--skip-lines N leaves the first N lines unmarked; a negative N is a usage error', async () => {
    const text = `Headline\nByline\n${LONG_CARRIER}`;
    const encoded = await runWm(['encode-robust', '--secret', 'sturdy', '--skip-lines', '2'], { input: text });
    expect(encoded.out.split('\n').slice(0, 2)).toEqual(['Headline', 'Byline']);
    expect(await runWm(['decode-robust'], { input: encoded.stdout })).toMatchObject({ code: 0, out: 'sturdy\n' });
    const negative = await runWm(['encode-robust', '--secret', 'x', '--skip-lines', '-1'], { input: text });
    expect(negative).toMatchObject({ code: 2, out: '' });
    expect(negative.stderr).toMatch(/^wm: .*--skip-lines.*whole number, 0 or more/);
  });

  it('--json prints the HTTP response shapes', async () => {
    const encoded = await runWm(['encode-robust', '--secret', 'shape', '--json'], { input: LONG_CARRIER });
    const body = JSON.parse(encoded.out) as { watermarked: string; keyed: boolean; stats: Record<string, unknown> };
    expect(Object.keys(body).sort()).toEqual(['keyed', 'stats', 'watermarked']);
    expect(Object.keys(body.stats).sort()).toEqual([
      'distribution',
      'hiddenLength',
      'stealthLevel',
      'totalLength',
      'visibleLength',
      'watermarkBitCount',
    ]);
    expect(body.stats).toMatchObject({ distribution: 'even', stealthLevel: 'standard' });
    const decoded = await runWm(['decode-robust', '--json'], { input: body.watermarked });
    const result = JSON.parse(decoded.out) as Record<string, unknown>;
    expect(result).toMatchObject({ decoded: 'shape', keyed: false, is_encoded: true });
    expect(Object.keys(result).sort()).toEqual([
      'bits_recovered',
      'confidence',
      'decoded',
      'is_encoded',
      'keyed',
      'signature',
      'stats',
      'watermarks',
    ]);
    expect(result.stats).toHaveProperty('extracted_bit_count');
    expect(result.stats).toHaveProperty('reconstructed_char_count');
  });

  it('--all prints every robust watermark of a text made of passages, in order; --json lists their spans', async () => {
    const passages: string[] = [];
    for (const [secret, stealth] of [
      ['first source', 'standard'],
      ['second source', 'high'],
    ]) {
      const run = await runWm(['encode-robust', '--secret', secret, '--stealth', stealth], {
        input: LONG_CARRIER.repeat(3),
      });
      passages.push(run.out);
    }
    const joined = passages.join('\n\nAn unmarked paragraph.\n\n');
    expect(await runWm(['decode-robust'], { input: joined })).toMatchObject({ code: 0, out: 'first source\n' });
    expect(await runWm(['decode-robust', '--all'], { input: joined })).toMatchObject({
      code: 0,
      out: 'first source\nsecond source\n',
      stderr: '',
    });
    const json = JSON.parse((await runWm(['decode-robust', '--json'], { input: joined })).out) as {
      decoded: string;
      watermarks: { decoded: string; start: number; end: number }[];
    };
    expect(json.decoded).toBe('first source');
    const firstLength = [...passages[0]].length;
    expect(json.watermarks.map((mark) => mark.decoded)).toEqual(['first source', 'second source']);
    expect(json.watermarks[0].end).toBeLessThanOrEqual(firstLength);
    expect(json.watermarks[1].start).toBeGreaterThan(firstLength);
  });

  it('survives losing the second half of the text', async () => {
    const encoded = await runWm(['encode-robust', '--secret', 'half'], { input: LONG_CARRIER });
    const halved = [...encoded.out].slice(0, Math.floor([...encoded.out].length / 2)).join('');
    expect((await runWm(['decode-robust'], { input: halved })).out).toBe('half\n');
  });

  it('no watermark exits 1; with --json the object still says is_encoded: false', async () => {
    const plain = await runWm(['decode-robust'], { input: LONG_CARRIER });
    expect(plain).toMatchObject({ code: 1, out: '', stderr: 'wm: No watermark found in text\n' });
    const json = await runWm(['decode-robust', '--json'], { input: LONG_CARRIER });
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out)).toMatchObject({ is_encoded: false });
  });

  it('a carrier below 8 × the secret bytes exits 2 with the required length', async () => {
    const run = await runWm(['encode-robust', '--secret', 'twelve bytes'], { input: 'short text' });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/required length: 96/);
  });

  it('keyed: right key decodes, wrong key and missing key exit 3', async () => {
    const right = temp.path('right.key');
    const wrong = temp.path('wrong.key');
    await runWm(['keygen', '-o', right]);
    await runWm(['keygen', '-o', wrong]);
    const encoded = await runWm(['encode-robust', '--secret', 'locked', '--key-file', right], { input: LONG_CARRIER });
    expect(encoded.code).toBe(0);
    expect((await runWm(['decode-robust', '--key-file', right], { input: encoded.stdout })).out).toBe('locked\n');
    expect((await runWm(['decode-robust', '--key-file', wrong], { input: encoded.stdout })).code).toBe(3);
    expect((await runWm(['decode-robust'], { input: encoded.stdout })).code).toBe(3);
  });

  it('rejects an unknown --distribution with exit 2', async () => {
    const run = await runWm(['encode-robust', '--secret', 's', '--distribution', 'wide'], { input: LONG_CARRIER });
    expect(run.code).toBe(2);
  });
});
