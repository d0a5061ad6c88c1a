import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { generatedProse } from './generated-prose.js';
import { choices } from '../../src/variants/keys.js';
import { autocorrect, rewrap, withHiddenMarks } from './leaks.js';
import {
  accuseVariants,
  decodeVariantRecord,
  encodeVariantRecord,
  keyedVariants,
  planVariants,
  previewVariants,
  readVariants,
  variantKey,
} from 'wm-watermark-codec/variants';

const KINDS = ['memo', 'news', 'fiction', 'legal', 'technical'];
const prose = (kind: string) => readFileSync(new URL(`./prose/${kind}.txt`, import.meta.url), 'utf8');
const key = variantKey(Uint8Array.from({ length: 32 }, (_, i) => i));

describe('every copy is read back without its text', () => {
  /**
   * The property the stored record rests on: a site's context hash is the same in every copy, whatever the forms
   * of it and of the sites around it, so each copy's every site is found again and shows that copy's form.
   */
  test('each site of a copy is found and shows the copy’s form, even stripped, NFKC-normalised and re-wrapped', () => {
    const texts = [...KINDS.map(prose), generatedProse(11, 3000), generatedProse(12, 3000)];
    fc.assert(
      fc.property(
        fc.constantFrom(...texts.keys()),
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.boolean(),
        (which, copyId, damaged) => {
          const plan = planVariants(texts[which], { recipients: 10 });
          const issue = keyedVariants(plan, key);
          const [copy] = issue.copies([copyId]);
          const leak = damaged ? rewrap(withHiddenMarks(copy.text, which).normalize('NFKC')) : copy.text;
          const reading = readVariants(leak, issue.record, key);
          expect(reading.evidence.located).toBe(plan.sites.length);
          expect(reading.evidence.conflicting).toBe(0);
          // a class whose positions all happen to show one form is set aside as normalised (under 1 % a class)
          const setAside = reading.evidence.normalised.reduce((sum, n) => sum + n.positions, 0);
          expect(reading.observations.length + setAside).toBe(plan.capacity.positions);
          // the copy agrees with what is read at every position: each site shows this copy's form
          const [own] = accuseVariants(reading, key, [copyId], { marked: [copyId] }).marked;
          expect(own).toMatchObject({ agreed: reading.observations.length, disagreed: 0 });
        },
      ),
      { numRuns: 60 },
    );
  });

  test('a copy differs from the text only at its sites, and two copies differ from each other', () => {
    const plan = planVariants(prose('technical'), { recipients: 10 });
    const [a, b] = keyedVariants(plan, key).copies(['alice', 'bob']);
    expect(a.text).not.toBe(b.text);
    for (const copy of [a, b]) {
      let rebuilt = '';
      let at = 0;
      for (const d of copy.differences) {
        expect(plan.text.slice(d.start, d.end)).toBe(d.from);
        rebuilt += plan.text.slice(at, d.start) + d.to;
        at = d.end;
      }
      expect(rebuilt + plan.text.slice(at)).toBe(copy.text);
    }
    // the same key and id give the same copy: a dry run shows what the issue sends
    expect(keyedVariants(plan, key).copies(['alice'])[0]).toEqual(a);
    const preview = previewVariants(plan, keyedVariants(plan, key), ['alice', 'bob']);
    expect(preview.copies).toEqual([a, b].map(({ copyId, differences }) => ({ copyId, differences })));
    expect(preview.sites.map((site) => site.text)).toEqual(
      plan.sites.map((site) => plan.text.slice(site.start, site.end)),
    );
    expect(JSON.parse(JSON.stringify(preview))).toEqual(preview);
  });
});

describe('a class an editor made uniform', () => {
  test('is set aside and named in the evidence, not read as the copy’s choices', () => {
    const plan = planVariants(generatedProse(21, 8000), { recipients: 10 });
    const issue = keyedVariants(plan, key);
    const [copy] = issue.copies(['edited']);
    const edited = autocorrect(copy.text, 'optional-that', 1);
    const reading = readVariants(edited, issue.record, key);
    const sites = plan.sites.filter((site) => site.classId === 'optional-that').length;
    expect(sites).toBeGreaterThan(10);
    expect(reading.evidence.normalised).toEqual([
      { classId: 'optional-that', positions: expect.any(Number) as number, form: 1 },
    ]);
    expect(reading.observations.some((o) => o.classId === 'optional-that')).toBe(false);
  });
});

describe('copy ids', () => {
  test('no two ids share their choices: packed or digested, short or long', () => {
    const base = 'AbCdEfGhIjK';
    const ids = [
      ...[...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'].map((last) => base + last),
      ...['a', 'b', 'aa', 'A', '-', '_'],
      ...Array.from({ length: 40 }, (_, i) => `a much longer copy id number ${i} of this issue`),
      ...['naïve-id', 'ИД-1', '同じ', 'AbCdEfGhIjKl2', 'AbCdEfGhIjKlm'],
    ];
    const positions = Int32Array.from({ length: 64 }, (_, i) => i * 7919 - 2 ** 30);
    const chosen = choices(key, ids, positions, new Float64Array(64).fill(0.5));
    const vectors = new Set(ids.map((_, c) => chosen.subarray(c * 64, c * 64 + 64).join('')));
    expect(vectors.size).toBe(ids.length);
  });
});

describe('the record', () => {
  test('holds no text and survives its binary form', () => {
    const plan = planVariants(generatedProse(5, 4000), { recipients: 50, collusion: 3 });
    const { record } = keyedVariants(plan, key);
    const bytes = encodeVariantRecord(record);
    expect(bytes.length).toBe(2 + 2 + 11 + 4 * (record.sites.length + record.units.length));
    expect(decodeVariantRecord(bytes)).toEqual(record);
    expect(record.collusion).toBe(3);
    const asText = new TextDecoder('latin1').decode(bytes);
    for (const word of ['decision', 'review', 'board']) expect(asText).not.toContain(word);
  });

  test('a damaged record is refused', () => {
    const bytes = encodeVariantRecord(keyedVariants(planVariants(prose('news')), key).record);
    expect(() => decodeVariantRecord(bytes.subarray(0, bytes.length - 1))).toThrow(/not a variant record/);
    expect(() => decodeVariantRecord(Uint8Array.of(9, 2))).toThrow(/not a variant record/);
  });

  test('another key finds none of the sites', () => {
    const plan = planVariants(prose('technical'));
    const issue = keyedVariants(plan, key);
    const [copy] = issue.copies(['x']);
    const other = variantKey(new Uint8Array(32).fill(200));
    expect(readVariants(copy.text, issue.record, other).evidence.located).toBe(0);
  });
});
