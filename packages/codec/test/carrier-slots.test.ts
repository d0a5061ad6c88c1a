import fc from 'fast-check';
import { expect, test } from 'vitest';
import { isCarrier } from '../src/carriers.js';
import { graphemes } from '../src/graphemes.js';
import { carrierEnds } from '../src/robust/carrier-slots.js';

/**
 * The definition carrierEnds must keep while it skips the segmenter between inert units: every cluster, segmented in
 * one go.
 */
function segmentedEnds(text: string, lettersOnly: boolean): number[] {
  return [...graphemes(text)]
    .filter(
      ({ segment, index }) =>
        isCarrier(segment, text.slice(index + segment.length)) && (!lettersOnly || /^\p{L}/u.test(segment)),
    )
    .map(({ segment, index }) => index + segment.length);
}

// Inert units (ASCII, CJK, Hangul LV/LVT syllables) next to what extends, joins or prepends a cluster: combining
// marks, ZWJ, selectors, Prepend (U+0600), CR LF, Hangul jamo L/V/T, Thai SARA AM (U+0E33), U+0D4E (Prepend).
const pieces = fc.constantFrom(
  'a',
  'Z',
  '1',
  '#',
  ' ',
  '\r',
  '\n',
  '\r\n',
  '\u0301',
  '\u200d',
  '\ufe0f',
  '\u0600',
  '❤',
  '👍🏽',
  '🇺🇸',
  'क्ष',
  '葛',
  'é',
  '가',
  '각',
  '\u1100',
  '\u1161',
  '\u11a8',
  '\u0e33',
  '\u0d4e',
  'ก',
  'ี',
  'က',
  '\u3000',
  '。',
);
const texts = fc.oneof(
  fc.array(pieces, { maxLength: 40 }).map((parts) => parts.join('')),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

test('carrierEnds finds the same carriers as segmenting the whole text', () => {
  fc.assert(
    fc.property(texts, fc.boolean(), (text, lettersOnly) => {
      expect([...carrierEnds(text, lettersOnly ? 'maximum' : 'standard')]).toEqual(segmentedEnds(text, lettersOnly));
    }),
    { numRuns: 2000 },
  );
});
