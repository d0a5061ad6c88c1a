import { beforeAll, describe, expect, test } from 'vitest';
import { BOX_WIDTHS, useRenderPage } from './chromium.js';
import { compareRenderings, describeDifference } from './compare.js';
import { fontFamiliesFor } from './fonts.js';
import { compareExtractions, kindsOf } from './extraction.js';
import { popplerPages, printToPdf } from './pdf.js';
import { POPPLER_LIMITS, familyName } from './poppler-limits.js';
import { CodecError, encode, encodeRobust, strip } from 'wm-watermark-codec';
import { loadCorpus } from '../../packages/codec/test/corpus/load.js';

// lineEndsOnly (docs/FORMAT.md §3): marks only on the last character of a line or of the text, where poppler's
// `pdftotext -raw` keeps every line whole. Every corpus text that can take such marks (its lines must end in a
// carrier, not in "." or ","), marked with auto and with robust, in each of its fonts at every width.

const SECRET = 'ID-42';
const RIGHT_TO_LEFT = /[\p{Script=Hebrew}\p{Script=Arabic}]/u;

const cases = loadCorpus().flatMap((entry) => {
  const marked: string[] = [];
  for (const mark of [
    () => encode(entry.text, SECRET, { lineEndsOnly: true }).encoded,
    () => encodeRobust(entry.text, SECRET, { lineEndsOnly: true, seed: 3 }).watermarked,
  ]) {
    try {
      marked.push(mark());
    } catch (error) {
      if (!(error instanceof CodecError && error.code === 'CARRIER_TOO_SHORT')) throw error;
    }
  }
  return marked.length > 0 ? [{ name: entry.name, text: entry.text, marked }] : [];
});

const renderPage = useRenderPage();

test('some corpus texts end their lines in carriers (most end them in punctuation, which carries nothing)', () => {
  expect(cases.length).toBeGreaterThanOrEqual(5);
  for (const { text, marked } of cases)
    for (const variant of marked) {
      // every run sits at the end of a line or of the text
      const lines = variant.split('\n');
      for (const line of lines) expect(line.replace(/[\u{E0100}-\u{E01EF}\uFE00-\uFE0F]+$/u, '')).toBe(strip(line));
      expect(strip(variant)).toBe(text);
    }
});

describe.each(cases)('$name, marked at line ends only', ({ name, text, marked }) => {
  describe.each(fontFamiliesFor(name).slice(0, 2))('%s', (font) => {
    test.each(BOX_WIDTHS)('pixel-identical at %i px', async (width) => {
      const results = await compareRenderings(renderPage(), text, [text, ...marked], font, width);
      results.forEach(({ difference }) => {
        if (difference) expect.fail(`${name} at ${width} px: ${describeDifference(difference)}`);
      });
    });

    // In right-to-left text -raw reverses the line's last word around a mark on its last character ("ہے۔" comes
    // out as "۔ ے ہ" in Urdu in Scheherazade): line ends keep -raw clean for left-to-right text only (SURVIVAL.md)
    describe.skipIf(RIGHT_TO_LEFT.test(text))("poppler's -raw", () => {
      let pages: string[] = [];
      beforeAll(async () => {
        pages = await popplerPages(await printToPdf(renderPage(), [text, text, ...marked], font), true);
      }, 120_000);

      test('reads every marked page as the unmarked one', () => {
        expect(pages[1]).toBe(pages[0]);
        // only what poppler does with these fonts whatever the placement (poppler-limits.ts)
        const allowed = POPPLER_LIMITS[familyName(font)]?.allowed ?? [];
        for (const page of pages.slice(2)) {
          const difference = compareExtractions(text, pages[0], page);
          expect(kindsOf(difference).filter((kind) => !allowed.includes(kind))).toEqual([]);
        }
      });
    });
  });
});
