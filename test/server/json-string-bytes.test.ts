import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonStringBytes } from '../../src/server/work-pool/json-string-bytes.js';

const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/** Cuts of a text at the given fractions, moved off the middle of a surrogate pair (encoders never cut one). */
function cutsOf(text: string, fractions: number[]): number[] {
  const cuts = fractions.map((fraction) => Math.floor(fraction * text.length)).sort((a, b) => a - b);
  return cuts.map((cut) =>
    cut > 0 && isHigh(text.charCodeAt(cut - 1)) && isLow(text.charCodeAt(cut)) ? cut + 1 : cut,
  );
}

function writtenInSlices(text: string, cuts: number[]): string {
  const json = new JsonStringBytes(1);
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    json.appendSlice(text, from, Math.max(from, cut));
    from = Math.max(from, cut);
  }
  return Buffer.from(json.finish()).toString('latin1');
}

// characters JSON escapes, every UTF-8 length, pairs and lone surrogates, the selectors marks are made of
const UNITS = ['a', ' ', '"', '\\', '\n', '\t', '\u0000', '\u001f', '\u007f', 'é', '\u07ff', '\u0800', '中', '\uFE0F'];
const MORE = ['\u2028', '\uFFFF', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\u{1F600}', '\u{E0100}', '\u{10FFFF}'];
const textOf = (length: number) =>
  fc.array(fc.constantFrom(...UNITS, ...MORE), { maxLength: length }).map((units) => units.join(''));

describe("a JSON string's bytes written from slices", () => {
  it("are JSON.stringify's UTF-8 bytes, however the text is cut", () => {
    fc.assert(
      fc.property(
        fc.oneof(textOf(40), textOf(3000), fc.string({ unit: 'binary', maxLength: 2000 })),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 12 }),
        (text, fractions) => {
          const expected = Buffer.from(JSON.stringify(text)).toString('latin1');
          expect(writtenInSlices(text, cutsOf(text, fractions))).toBe(expected);
        },
      ),
    );
  });

  it('write long slices in pieces that never split a pair, past any first guess of their size', () => {
    const text = ('x'.repeat(8191) + '\u{1F600}' + '"\u0001').repeat(40);
    expect(writtenInSlices(text, [])).toBe(Buffer.from(JSON.stringify(text)).toString('latin1'));
  });
});
