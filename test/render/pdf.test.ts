import { beforeAll, describe, expect, test } from 'vitest';
import { useRenderPage } from './chromium.js';
import { compareExtractions, kindsOf, sameCharacters, type ExtractionDifference } from './extraction.js';
import { fontFamiliesFor } from './fonts.js';
import { MODES, type Mode } from '../../packages/codec/test/modes.js';
import { popplerPages, printToPdf } from './pdf.js';
import { POPPLER_LIMITS, familyName } from './poppler-limits.js';
import { loadCorpus, type CorpusText } from '../../packages/codec/test/corpus/load.js';
import { CodecError } from 'wm-watermark-codec';

const SECRET = 'ID-42';
const SEED = 7;
const RIGHT_TO_LEFT = /[\p{Script=Hebrew}\p{Script=Arabic}]/u;

function watermarked(entry: CorpusText): { mode: Mode; text: string }[] {
  return MODES.flatMap((mode) => {
    try {
      return [{ mode, text: mode.encode(entry.text, SECRET, entry.pattern, SEED) }];
    } catch (error) {
      if (error instanceof CodecError && error.code === 'CARRIER_TOO_SHORT') return [];
      throw error;
    }
  });
}

const renderPage = useRenderPage();

const describeDifference = (difference: ExtractionDifference): string =>
  JSON.stringify({
    lost: difference.lostWordBoundaries.slice(0, 3),
    added: difference.addedBreaks.slice(0, 3),
    charactersDiffer: difference.charactersDiffer,
  });

describe.each(loadCorpus())('$name: poppler reads the same words from the printed marked text', (entry) => {
  const cases = watermarked(entry);
  // Modes that mark a text the same way print the same page: each distinct marked text is printed once.
  const printed = [...new Set(cases.map((c) => c.text))];

  describe.each(fontFamiliesFor(entry.name).map((font) => ({ font, family: familyName(font) })))(
    '$family',
    ({ font, family }) => {
      let pages: string[] = [];
      const limit = POPPLER_LIMITS[family];
      const pageOf = (text: string): string => pages[printed.indexOf(text) + 2];

      beforeAll(async () => {
        // The original printed twice first: proves the comparison itself is exact.
        const texts = [entry.text, entry.text, ...printed];
        pages = await popplerPages(await printToPdf(renderPage(), texts, font));
        expect(pages).toHaveLength(texts.length);
      }, 120_000);

      test('control: the original printed twice reads the same', () => {
        expect(pages[1]).toBe(pages[0]);
      });

      for (const { mode, text } of cases) {
        test(mode.name, () => {
          const difference = compareExtractions(entry.text, pages[0], pageOf(text));
          const allowed = ['closedInnerGaps', ...(limit?.allowed ?? [])];
          const unexpected = kindsOf(difference).filter((kind) => !allowed.includes(kind));
          if (unexpected.length > 0)
            expect.fail(
              `${entry.name} × ${mode.name} in ${family}: ${unexpected.join(', ')} ${describeDifference(difference!)}`,
            );
          // poppler keeps the marks, and where it keeps the text's order the secret comes back (not in emoji and
          // right-to-left texts: it reorders emoji, and reverses a run of marks with the letters of an RTL word)
          if (!limit && !RIGHT_TO_LEFT.test(entry.text) && sameCharacters(pages[0], entry.text))
            expect(mode.recover(pageOf(text))[0]).toBe(SECRET);
          expect(text).not.toBe(entry.text);
        });
      }
    },
  );
});
