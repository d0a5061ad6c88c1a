import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { findMarks } from 'wm-watermark-codec/findings';
import { PROBE_KINDS, PROBE_LINES, probeCanary, type ProbeKind } from 'wm-watermark-codec/probe/canary';
import { checkProbe, type ProbeOutcome } from 'wm-watermark-codec/probe/check';
import { encode } from 'wm-watermark-codec/encode';
import { strip } from 'wm-watermark-codec/strip';
import { loadCorpus } from './corpus/load.js';

const canary = probeCanary();
const outcomes = (text: string): Record<ProbeKind, ProbeOutcome> =>
  Object.fromEntries(checkProbe(text).kinds.map((kind) => [kind.kind, kind.outcome])) as Record<
    ProbeKind,
    ProbeOutcome
  >;

describe('the probe canary', () => {
  test('carries one readable mark of each kind, one kind per numbered line, the same every time', () => {
    expect(probeCanary()).toBe(canary);
    const found = findMarks(canary);
    expect(found.watermarks.map((mark) => mark.decoded)).toEqual(['p:vs', 'p:vs17']);
    expect(found.robust.map((mark) => mark.decoded)).toEqual(['p:r']);
    expect(found.c2pa).toHaveLength(1);
    expect(found.c2pa[0].problem).toBeUndefined();
    expect(found.c2pa[0].label).toBe('c2pa');
    expect(found.hidden).toEqual([]);
    // robust marks one per letter, as in a text of some length: no run of two selectors on that line
    expect(canary.split('\n')[3]).not.toMatch(/[\u{E0100}-\u{E01EF}]{2}/u);
    const lines = strip(canary, { all: true }).split('\n');
    expect(lines.slice(1, 1 + PROBE_LINES.length)).toEqual(PROBE_LINES.map((line) => line.text));
    expect(PROBE_LINES.map((line) => line.kind)).toEqual([...PROBE_KINDS]);
  });

  test('the frame-v2 line holds no VS1–VS16, the frame line does', () => {
    const [, vsLine, vs17Line] = canary.split('\n');
    expect(vsLine).toMatch(/[\uFE00-\uFE0F]/);
    expect(vs17Line).not.toMatch(/[\uFE00-\uFE0F]/);
  });
});

describe('checking a returned canary', () => {
  test('as sent: every kind kept, the text unchanged', () => {
    const report = checkProbe(canary);
    expect(outcomes(canary)).toEqual({ vs: 'kept', vs17: 'kept', robust: 'kept', c2pa: 'kept' });
    expect(report.visible_text).toBe('unchanged');
    expect(report.added).toEqual([]);
    expect(report.selectors.bmp).toBe(report.selectors.sent_bmp);
    expect(report.advice[0]).toMatch(/Every watermark kind survived/);
  });

  test('what each filter leaves', () => {
    const withoutBmp = canary.replace(/[\uFE00-\uFE0F]/g, '');
    expect(outcomes(withoutBmp)).toEqual({ vs: 'damaged', vs17: 'kept', robust: 'kept', c2pa: 'lost' });
    expect(checkProbe(withoutBmp).advice[0]).toMatch(/Use wm encode-robust/);
    const withoutSupplementary = canary.replace(/[\u{E0100}-\u{E01EF}]/gu, '');
    expect(outcomes(withoutSupplementary)).toEqual({ vs: 'damaged', vs17: 'lost', robust: 'lost', c2pa: 'lost' });
    // the filter of prompt-injection guards that drops runs of selectors: marks one per letter stay (wm encode
    // spreads a short frame one byte per letter, robust marks are single), a frame in one run goes
    const withoutRuns = canary.replace(/[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]{2,}/gu, '');
    expect(outcomes(withoutRuns)).toEqual({ vs: 'kept', vs17: 'lost', robust: 'kept', c2pa: 'lost' });
    const withoutFormat = canary.replace(/\p{Cf}/gu, '');
    expect(outcomes(withoutFormat)).toEqual({ vs: 'kept', vs17: 'kept', robust: 'kept', c2pa: 'damaged' });
    const stripped = strip(canary, { all: true });
    expect(outcomes(stripped)).toEqual({ vs: 'lost', vs17: 'lost', robust: 'lost', c2pa: 'lost' });
    expect(checkProbe(stripped).advice[0]).toMatch(/No invisible mark survived/);
  });

  test('tells whitespace, normalisation and edits of the visible text apart', () => {
    expect(checkProbe(canary.replace(/\n/g, '\r\n')).visible_text).toBe('spacing');
    expect(canary).toContain('five dozen');
    expect(checkProbe(canary.replace('five dozen', 'ﬁve dozen')).visible_text).toBe('normalised');
    expect(checkProbe(canary.replace('five dozen', 'six dozen')).visible_text).toBe('changed');
    expect(checkProbe(canary.normalize('NFKC')).visible_text).toBe('unchanged');
  });

  test('counts invisible characters the platform added', () => {
    expect(checkProbe(canary.replace(/ /g, ' \u200B')).added).toEqual([expect.stringMatching(/ zero-width /)]);
    expect(checkProbe(`\u202A${canary}\u202C`).added).toEqual(['2 direction controls']);
  });

  test('never calls a kind kept whose line did not come back', () => {
    const lines = canary.split('\n');
    fc.assert(
      fc.property(fc.subarray([1, 2, 3, 4]), fc.boolean(), (kept, reversed) => {
        const returned = lines.filter((_, i) => i === 0 || kept.includes(i) || i > 4);
        const report = checkProbe((reversed ? returned.reverse() : returned).join('\n'));
        for (const [i, kind] of PROBE_KINDS.entries()) {
          expect(report.kinds[i].outcome === 'kept', kind).toBe(kept.includes(i + 1));
        }
      }),
    );
  });

  test('a text that is no canary is refused, not reported with every kind lost', () => {
    const notACanary = expect.objectContaining({
      code: 'INVALID_INPUT',
      message: expect.stringMatching(/not a wm probe canary/),
    });
    const texts = ['', 'Just some text that never was a probe.', ...loadCorpus().map((entry) => entry.text)];
    const marked = texts.map((text) => encode(text.padEnd(200, ' and more text'), 'copy #17').encoded);
    for (const text of [...texts, ...marked]) {
      expect(() => checkProbe(text)).toThrow(notACanary);
    }
  });

  test('any one line of the canary that came back is enough, re-spaced, re-cased, cut short or in other text', () => {
    const lines = canary.split('\n').filter(Boolean);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: lines.length - 1 }),
        fc.constantFrom<(line: string) => string>(
          (line) => line,
          (line) => strip(line, { all: true }).toUpperCase(),
          (line) => line.replace(/ /g, '\n'),
          (line) => strip(line, { all: true }).slice(0, Math.ceil(line.length * 0.8)),
        ),
        fc.string(),
        (index, change, around) => {
          expect(() => checkProbe(`${around}\n${change(lines[index])}\n${around}`)).not.toThrow();
        },
      ),
    );
  });
});
