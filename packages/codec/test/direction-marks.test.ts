import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findMarks } from 'wm-watermark-codec/findings';
import { strip } from 'wm-watermark-codec/strip';

// A lone LRM, RLM or ALM in right-to-left text belongs to the text (hidden-marks.ts); a run of them, one beside
// another invisible character, one in left-to-right text alone, and every embedding, override or isolate are found.

const [LRM, RLM, ALM] = ['\u200E', '\u200F', '\u061C'];
const kinds = (text: string) => findMarks(text).hidden.map(({ kind, count }) => [kind, count]);

// dayjs's Arabic locale (1.11.13, esm/locale/ar.js): the months, and the short date with an RLM after each slash
const ARABIC_LOCALE =
  `const months = 'يناير_فبراير_مارس_أبريل_مايو_يونيو'.split('_');\n` +
  `export default {\n  formats: {\n    L: 'D/${RLM}M/${RLM}YYYY',\n  },\n};\n`;

describe('direction marks', () => {
  it('a lone mark in a right-to-left text is part of it: an Arabic locale file has no finding', () => {
    expect(kinds(ARABIC_LOCALE)).toEqual([]);
    expect(kinds(`שלום ${LRM}123${LRM} עולם ${ALM}`)).toEqual([]);
    expect(findMarks(ARABIC_LOCALE, { all: true }).hidden.map(({ kind, count }) => [kind, count])).toEqual([
      ['text', 2],
    ]);
  });

  it('the same marks in left-to-right text alone are found', () => {
    expect(kinds(`L: 'D/${RLM}M/${RLM}YYYY'`)).toEqual([['bidi', 2]]);
  });

  it('a mark beside another invisible character, and embeddings, overrides and isolates, are found in any text', () => {
    expect(kinds(`مرحبا ${RLM}${LRM} عالم`)).toEqual([['bidi', 2]]);
    expect(kinds(`مرحبا ${RLM}\u200B عالم`)).toEqual([
      ['zero-width', 1],
      ['bidi', 1],
    ]);
    expect(kinds(`مرحبا \u202Eabc\u202C \u2067x\u2069`)).toEqual([['bidi', 4]]);
  });

  it('no run of marks hides in right-to-left text, whatever the marks and wherever the run (fast-check)', () => {
    const mark = fc.constantFrom(LRM, RLM, ALM);
    fc.assert(
      fc.property(fc.array(mark, { minLength: 2, maxLength: 12 }), fc.nat(), (run, at) => {
        const position = at % (ARABIC_LOCALE.length + 1);
        const text = ARABIC_LOCALE.slice(0, position) + run.join('') + ARABIC_LOCALE.slice(position);
        const found = findMarks(text).hidden.filter(({ kind }) => kind === 'bidi');
        return found.reduce((sum, { count }) => sum + count, 0) >= run.length;
      }),
    );
  });

  it('strip keeps direction marks, which change how a text reads', () => {
    expect(strip(ARABIC_LOCALE)).toBe(ARABIC_LOCALE);
    expect(strip(`a${RLM}${LRM}b`)).toBe(`a${RLM}${LRM}b`);
  });
});
