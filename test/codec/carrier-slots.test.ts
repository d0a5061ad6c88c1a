import fc from 'fast-check';
import { expect, test } from 'vitest';
import { isCarrier } from '../../src/codec/carriers.js';
import { graphemes } from '../../src/codec/graphemes.js';
import { carrierEnds } from '../../src/codec/robust/carrier-slots.js';

/** The definition carrierEnds must keep while it skips the segmenter on ASCII: every cluster, segmented in one go. */
function segmentedEnds(text: string, lettersOnly: boolean): number[] {
  return [...graphemes(text)]
    .filter(({ segment }) => isCarrier(segment) && (!lettersOnly || /^\p{L}/u.test(segment)))
    .map(({ segment, index }) => index + segment.length);
}

// ASCII next to what extends, joins or prepends a cluster: combining marks, ZWJ, selectors, Prepend (U+0600), CR LF.
const pieces = fc.constantFrom('a', 'Z', '1', '#', ' ', '\r', '\n', '\r\n', '\u0301', '\u200d', '\ufe0f', '\u0600', '❤', '👍🏽', '🇺🇸', 'क्ष', '葛', 'é');
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
