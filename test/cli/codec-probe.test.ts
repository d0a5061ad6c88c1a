import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, runWm } from './codec-harness.js';
import { probeCanary } from 'wm-watermark-codec/probe/canary';

const temp = makeTempDir();
afterAll(() => temp.remove());

describe('wm probe', () => {
  it('new writes the canary, to standard output or atomically to -o', async () => {
    const printed = await runWm(['probe', 'new']);
    expect(printed.code).toBe(0);
    expect(printed.out).toBe(probeCanary());
    const file = temp.path('canary.txt');
    expect((await runWm(['probe', 'new', '-o', file])).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(probeCanary());
  });

  it('check says which kinds came back and which method to use; exit 0 when a watermark kind survived', async () => {
    const withoutBmp = probeCanary().replace(/[\uFE00-\uFE0F]/g, '');
    const run = await runWm(['probe', 'check'], { input: withoutBmp });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.out).toMatch(/VS frame \(wm encode.*damaged +VS1–VS16 were removed/);
    expect(run.out).toMatch(/robust marks .* kept +read back/);
    expect(run.out).toContain('Use wm encode-robust');
    const json = await runWm(['probe', 'check', '--json'], { input: withoutBmp });
    const report = JSON.parse(json.out);
    expect(Object.keys(report)).toEqual(['visible_text', 'kinds', 'selectors', 'added', 'advice']);
    expect(report.kinds.map((kind: { outcome: string }) => kind.outcome)).toEqual(['damaged', 'kept', 'kept', 'lost']);
  });

  it('check exits 1 when no watermark kind came back, still printing the report', async () => {
    const stripped = probeCanary().replace(/[\uFE00-\uFE0F\u{E0100}-\u{E01EF}\uFEFF]/gu, '');
    const run = await runWm(['probe', 'check', '--json'], { input: stripped });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.out).advice[0]).toMatch(/No invisible mark survived/);
  });

  it('check refuses a text that is not the canary (exit 2), printing no report', async () => {
    const run = await runWm(['probe', 'check'], { input: 'Dear Ada, thank you for the report: it reads well.\n' });
    expect(run.code).toBe(2);
    expect(run.out).toBe('');
    expect(run.stderr).toMatch(/^wm: this is not a wm probe canary: none of its lines is in the text\b.*\n$/);
  });

  it('check refuses input that is not UTF-8 text (exit 2) and a missing file (exit 4)', async () => {
    const binary = await runWm(['probe', 'check'], { input: Uint8Array.of(0xff, 0xfe, 0x00, 0x41) });
    expect(binary.code).toBe(2);
    expect(binary.stderr).toMatch(/^wm: /);
    const missing = await runWm(['probe', 'check', temp.path('absent.txt')]);
    expect(missing.code).toBe(4);
    expect(missing.out).toBe('');
  });
});
