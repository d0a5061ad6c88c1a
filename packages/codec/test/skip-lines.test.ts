import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode, encode, strip } from 'wm-watermark-codec';
import { METHODS, type Method } from 'wm-watermark-codec/types';

const SELECTOR = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;
const LINE = fc.stringMatching(/^[A-Za-z][A-Za-z ,.]{0,40}$/);

const optionsFor = (method: Method, text: string) =>
  method === 'pattern'
    ? { method, pattern: text.slice(text.lastIndexOf('\n') + 1, text.lastIndexOf('\n') + 4) }
    : { method };

describe('encode: skipLines leaves the first lines unmarked', () => {
  it('marks nothing before the Nth line feed, with every method, and the mark still reads back', () => {
    fc.assert(
      fc.property(
        fc.array(LINE, { minLength: 1, maxLength: 4 }),
        fc.nat({ max: 4 }),
        fc.constantFrom(...METHODS),
        (head, skip, method) => {
          const lines = [...head, 'The body of the letter holds enough letters for the whole mark to fit in it.'];
          const text = lines.join('\n');
          const skipLines = Math.min(skip, lines.length - 1);
          const { encoded } = encode(text, 'id', { ...optionsFor(method, text), skipLines });
          const encodedLines = encoded.split('\n');
          expect(encodedLines.slice(0, skipLines)).toEqual(lines.slice(0, skipLines));
          expect(encodedLines.slice(skipLines).join('\n')).toMatch(SELECTOR);
          expect(strip(encoded)).toBe(text);
          expect(decode(encoded).decoded).toBe('id');
        },
      ),
    );
  });

  it('is 0 by default, and too short a rest is reported as such', () => {
    const text = 'Headline\nBody text with room for the mark';
    expect(encode(text, 'x').encoded.split('\n')[0]).not.toBe('Headline');
    expect(() => encode(text, 'x', { skipLines: 2 })).toThrow(/Text too short/);
    expect(() => encode(text, 'x', { skipLines: -1 })).toThrow(/skipLines must be a whole number/);
    expect(() => encode(text, 'x', { skipLines: 1.5 })).toThrow(/skipLines/);
  });
});
