import { expect, test } from 'vitest';
import { useRenderPage } from './chromium.js';
import { compareRenderings } from './compare.js';
import { fontFamilyFor } from './fonts.js';
import { loadCorpus } from '../corpus/load.js';

const VS17 = '\u{E0100}';
const corpus = new Map(loadCorpus().map((entry) => [entry.name, entry.text]));
const text = (name: string): string => corpus.get(name)!;
/** Inserts `mark` after the first occurrence of `after`. */
const markAfter = (original: string, after: string, mark: string): string => original.replace(after, after + mark);

const renderPage = useRenderPage();

// The marks the codec refuses to place, placed by hand: the check must see each of them, or it proves nothing.
test.each([
  ['emoji', 'FE0F after the plain heart ❤ (turns it into an emoji)', 'heart ❤', '\uFE0F'],
  ['japanese', 'VS17 after 葛 in IPAmj Mincho (a registered ideographic variant)', '葛', VS17],
  ['thai', 'VS17 inside a Thai word (moves dictionary line breaks)', 'ๆที่', VS17],
  ['tamil', 'VS17 after the two-part vowel of சோ', 'சோ', VS17],
  ['mixed-bidi', 'VS17 after the "." of 2.5 in Hebrew text (reorders the number)', '2.', VS17],
])('%s: the check sees %s', async (name, _label, after, mark) => {
  const original = text(name);
  const marked = markAfter(original, after, mark);
  expect(marked).not.toBe(original);
  const [{ difference }] = await compareRenderings(renderPage(), original, [marked], fontFamilyFor(name));
  expect(difference).not.toBeNull();
});
