import { beforeAll, describe, expect, test } from 'vitest';
import { BOX_WIDTHS, useRenderPage } from './chromium.js';
import { compareRenderings, describeDifference } from './compare.js';
import { copiesFromPage } from './copy.js';
import { compareExtractions, kindsOf, sameCharacters } from './extraction.js';
import { fontFamiliesFor } from './fonts.js';
import { popplerPages, printToPdf } from './pdf.js';
import { POPPLER_LIMITS, familyName } from './poppler-limits.js';
import { CodecError, decode, decodeRobust, encode, encodeRobust } from 'wm-watermark-codec';
import { loadCorpus } from '../../packages/codec/test/corpus/load.js';
import { typedWords } from '../../packages/codec/test/search-words.js';

// wholeWords (docs/FORMAT.md, "Whole words"): marks only after punctuation, symbols and emoji that neither join a
// word nor stand before a space. The invisibility guarantees hold for it as for the default: every corpus text that
// has such a position, marked with auto and with robust, is drawn pixel-identical in each of its fonts at every
// width, copies out of Chromium unchanged, and poppler reads the same words from Chromium's PDF, every one of them
// still whole for grep, and with the secret where poppler keeps the text's order.

const SECRET = 'ID-42';
const RIGHT_TO_LEFT = /[\p{Script=Hebrew}\p{Script=Arabic}]/u;

const MARKINGS: [string, (text: string) => string, (text: string) => string | undefined][] = [
  ['auto', (text) => encode(text, SECRET, { wholeWords: true }).encoded, (text) => decode(text).decoded],
  [
    'robust',
    (text) => encodeRobust(text, SECRET, { wholeWords: true, seed: 3 }).watermarked,
    (text) => decodeRobust(text).decoded,
  ],
];

const cases = loadCorpus().flatMap((entry) => {
  const marked: { codec: string; text: string; recover: (text: string) => string | undefined }[] = [];
  for (const [codec, mark, recover] of MARKINGS) {
    try {
      marked.push({ codec, text: mark(entry.text), recover });
    } catch (error) {
      if (!(error instanceof CodecError && error.code === 'CARRIER_TOO_SHORT')) throw error;
    }
  }
  return marked.length > 0 ? [{ name: entry.name, text: entry.text, marked }] : [];
});

const renderPage = useRenderPage();

test('the corpus texts with punctuation inside their lines can take such marks', () => {
  expect(cases.length).toBeGreaterThanOrEqual(12);
});

describe.each(cases)('$name, marked outside words', ({ name, text, marked }) => {
  const variants = marked.map((m) => m.text);

  describe.each(fontFamiliesFor(name).slice(0, 2))('%s', (font) => {
    test.each(BOX_WIDTHS)('pixel-identical at %i px', async (width) => {
      const results = await compareRenderings(renderPage(), text, [text, ...variants], font, width);
      results.forEach(({ difference }) => {
        if (difference) expect.fail(`${name} at ${width} px: ${describeDifference(difference)}`);
      });
    });

    test('copied out of Chromium unchanged', async () => {
      expect(await copiesFromPage(renderPage(), variants, font)).toEqual(variants);
    });

    describe('poppler', () => {
      let pages: string[] = [];
      beforeAll(async () => {
        pages = await popplerPages(await printToPdf(renderPage(), [text, text, ...variants], font));
      }, 120_000);

      test('reads the same words from every marked page, each one still whole for grep', () => {
        expect(pages[1]).toBe(pages[0]);
        const allowed = ['closedInnerGaps', ...(POPPLER_LIMITS[familyName(font)]?.allowed ?? [])];
        const words = typedWords(pages[0]);
        marked.forEach(({ codec, recover }, i) => {
          const page = pages[i + 2];
          const difference = compareExtractions(text, pages[0], page);
          expect([codec, kindsOf(difference).filter((kind) => !allowed.includes(kind))]).toEqual([codec, []]);
          expect([codec, words.filter((word) => !page.includes(word))]).toEqual([codec, []]);
          if (!POPPLER_LIMITS[familyName(font)] && !RIGHT_TO_LEFT.test(text) && sameCharacters(pages[0], text))
            expect([codec, recover(page)]).toEqual([codec, SECRET]);
        });
      });
    });
  });
});
