import { beforeAll, describe, expect, test } from 'vitest';
import { BOX_WIDTHS, useRenderPage } from './chromium.js';
import { compareRenderings, describeDifference, type Comparison } from './compare.js';
import { fontFamiliesFor } from './fonts.js';
import { MODES, type Mode } from '../../packages/codec/test/modes.js';
import { loadCorpus, type CorpusText } from '../../packages/codec/test/corpus/load.js';
import { CodecError } from 'wm-watermark-codec';

const SECRET = 'ID-42';
const SEED = 7;

type Case = { mode: Mode; watermarked: string } | { mode: Mode; refused: string };

function watermark(mode: Mode, entry: CorpusText): Case {
  try {
    return { mode, watermarked: mode.encode(entry.text, SECRET, entry.pattern, SEED) };
  } catch (error) {
    if (error instanceof CodecError) return { mode, refused: error.code };
    throw error;
  }
}

const renderPage = useRenderPage();

/** Every font family × box width a text is drawn at, named for the test titles. */
function renderings(name: string): { label: string; font: string; width: number }[] {
  return fontFamiliesFor(name).flatMap((font) =>
    BOX_WIDTHS.map((width) => ({ label: `${font.split(',')[0].replaceAll('"', '')} at ${width} px`, font, width })),
  );
}

describe.each(loadCorpus())('$name: watermarked text renders pixel-identical in Chromium', (entry) => {
  const cases = MODES.map((mode) => watermark(mode, entry));
  const rendered = cases.flatMap((c) => ('watermarked' in c ? [c.watermarked] : []));

  describe.each(renderings(entry.name))('$label', ({ font, width }) => {
    const comparisons = new Map<string, Comparison>();
    let control: Comparison;

    beforeAll(async () => {
      // The original drawn twice first: proves the boxes are aligned so that any difference is the marks'.
      const results = await compareRenderings(renderPage(), entry.text, [entry.text, ...rendered], font, width);
      control = results[0];
      rendered.forEach((text, i) => comparisons.set(text, results[i + 1]));
    }, 300_000);

    test('control: the original twice is identical', () => {
      expect(control.difference).toBeNull();
    });

    for (const c of cases) {
      test(c.mode.name, () => {
        if ('refused' in c) {
          // Only a carrier too short for this mode may refuse (few carrier positions: Thai, Khmer… at spaces only).
          expect(c.refused).toBe('CARRIER_TOO_SHORT');
          return;
        }
        expect(c.watermarked).not.toBe(entry.text);
        expect(c.mode.recover(c.watermarked)[0]).toBe(SECRET);
        const { difference, copied } = comparisons.get(c.watermarked)!;
        if (difference)
          expect.fail(`${entry.name} × ${c.mode.name}: pixels differ at ${describeDifference(difference)}`);
        // Finding (docs/SURVIVAL.md): Chromium's copy of the rendered text keeps every mark.
        expect(copied).toBe(c.watermarked);
      });
    }
  });
});
