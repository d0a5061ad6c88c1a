import { expect, test } from 'vitest';
import { BOX_WIDTHS, useRenderPage } from './chromium.js';
import { compareRenderings } from './compare.js';
import { fontFamiliesFor, fontFamilyFor } from './fonts.js';
import { loadCorpus } from '../../packages/codec/test/corpus/load.js';

const VS17 = '\u{E0100}';
const corpus = new Map(loadCorpus().map((entry) => [entry.name, entry.text]));
const text = (name: string): string => corpus.get(name)!;
/** Inserts `mark` after the first occurrence of `after`. */
const markAfter = (original: string, after: string, mark: string): string => original.replace(after, after + mark);

/** Inserts `mark` after every grapheme cluster of the first occurrence of `phrase`. */
function markEveryGrapheme(original: string, phrase: string, mark: string): string {
  const clusters = Array.from(
    new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(phrase),
    (s) => s.segment,
  );
  return original.replace(phrase, clusters.join(mark) + mark);
}

const renderPage = useRenderPage();

// Scripts broken into words by a dictionary: marks inside their phrases move the line breaks (one mark alone may
// happen not to at a given width; a mark after every cluster of a phrase does), which is why they carry at spaces only.
test.each([
  ['thai', 'สวัสดีครับ วันนี้อากาศดีมาก เราจะไปเที่ยวตลาดน้ำกัน'],
  ['khmer', 'ប្រាសាទអង្គរវត្តគឺជាកេរដំណែលដ៏អស្ចារ្យរបស់ដូនតាខ្មែរ'],
  ['lao', 'ນະຄອນຫຼວງວຽງຈັນຕັ້ງຢູ່ແຄມແມ່ນ້ຳຂອງ'],
])('%s: the check sees VS17 after every cluster of a phrase (dictionary line breaking)', async (name, phrase) => {
  const original = text(name);
  const marked = markEveryGrapheme(original, phrase, VS17);
  expect(marked).not.toBe(original);
  let differences = 0;
  for (const font of fontFamiliesFor(name)) {
    for (const width of BOX_WIDTHS) {
      const [{ difference }] = await compareRenderings(renderPage(), original, [marked], font, width);
      if (difference) differences++;
    }
  }
  expect(differences).toBeGreaterThan(0);
});

// The marks the codec refuses to place, placed by hand: the check must see each of them, or it proves nothing.
test.each([
  ['emoji', 'FE0F after the plain heart ❤ (turns it into an emoji)', 'heart ❤', '\uFE0F'],
  ['japanese', 'VS17 after 葛 in IPAmj Mincho (a registered ideographic variant)', '葛', VS17],
  [
    'chinese-traditional',
    'FE00 after the ideographic full stop (a standardized variant in Noto CJK TC)',
    '。',
    '\uFE00',
  ],
  ['myanmar', 'VS1 after a Myanmar letter (a standardized variant)', 'မြန်မ', '\uFE00'],
  ['tamil', 'VS17 after the two-part vowel of சோ', 'சோ', VS17],
  ['mixed-bidi', 'VS17 after the "." of 2.5 in Hebrew text (reorders the number)', '2.', VS17],
])('%s: the check sees %s', async (name, _label, after, mark) => {
  const original = text(name);
  const marked = markAfter(original, after, mark);
  expect(marked).not.toBe(original);
  const [{ difference }] = await compareRenderings(renderPage(), original, [marked], fontFamilyFor(name));
  expect(difference).not.toBeNull();
});
