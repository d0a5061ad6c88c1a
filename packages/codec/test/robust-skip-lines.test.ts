import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeRobust, encodeRobust } from 'wm-watermark-codec/robust';
import { strip } from 'wm-watermark-codec/strip';
import { DISTRIBUTIONS, STEALTH_LEVELS } from 'wm-watermark-codec/types';

const SELECTOR = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;
const LINE = fc.stringMatching(/^[A-Za-z][A-Za-z ,.]{0,40}$/);
const BODY =
  'The body of the letter holds enough letters for every copy of the mark: it goes on about the weather, the ' +
  'harvest, the price of bread and the news from the town hall, at length.';

describe('encodeRobust: skipLines leaves the first lines unmarked', () => {
  it('marks nothing before the Nth line feed, with any distribution and stealth level, and the mark reads back', () => {
    fc.assert(
      fc.property(
        fc.array(LINE, { minLength: 1, maxLength: 4 }),
        fc.nat({ max: 4 }),
        fc.constantFrom(...DISTRIBUTIONS),
        fc.constantFrom(...STEALTH_LEVELS),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        (head, skip, distribution, stealthLevel, seed) => {
          const lines = [...head, BODY];
          const text = lines.join('\n');
          const skipLines = Math.min(skip, lines.length - 1);
          const options = { distribution, stealthLevel, seed, skipLines };
          const { watermarked } = encodeRobust(text, 'id', options);
          const marked = watermarked.split('\n');
          expect(marked.slice(0, skipLines)).toEqual(lines.slice(0, skipLines));
          expect(marked.slice(skipLines).join('\n')).toMatch(SELECTOR);
          expect(strip(watermarked)).toBe(text);
          expect(decodeRobust(watermarked).decoded).toBe('id');
        },
      ),
      { numRuns: 60 },
    );
  });

  it('is 0 by default: the same marks as without it', () => {
    const text = `Dear reader,\n${BODY}`;
    const seed = 7;
    expect(encodeRobust(text, 'id', { seed, skipLines: 0 })).toEqual(encodeRobust(text, 'id', { seed }));
    expect(encodeRobust(text, 'id', { seed }).watermarked.split('\n')[0]).not.toBe('Dear reader,');
  });

  it('refuses a count that is no whole number, and reports too short a rest as such', () => {
    const text = `Dear reader,\n${BODY}`;
    expect(() => encodeRobust(text, 'id', { skipLines: -1 })).toThrow(/skipLines must be a whole number/);
    expect(() => encodeRobust(text, 'id', { skipLines: 1.5 })).toThrow(/skipLines/);
    expect(() => encodeRobust(text, 'id', { skipLines: 2 })).toThrow(/Text too short.*after the first 2 lines/);
    expect(() => encodeRobust(`${BODY}\nSigned.`, 'id', { skipLines: 1 })).toThrow(/Text too short/);
  });
});
