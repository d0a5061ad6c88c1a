import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { CodecError, decode, decodeRobust, encode, encodeRobust, strip } from 'wm-watermark-codec';
import type { EncodeOptions, EncodeRobustOptions } from 'wm-watermark-codec';
import { NOT_CARRIER, carrierFloorAt, isCarrier } from '../src/carriers.js';
import { carrierEnds } from '../src/robust/carrier-slots.js';
import { loadCorpus } from './corpus/load.js';
import { misplacedRuns } from './carrier-samples.js';
import { searchFindings } from './search-words.js';

// wholeWords (docs/FORMAT.md, "Whole words"): no mark on a letter, mark or digit, on the punctuation that joins a
// word, or before a space, so every word of the text stays whole for grep, SQL LIKE and tokenising search indexes.

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const carrying = (text: string): string[] =>
  [...graphemes.segment(text)]
    .filter(
      ({ segment, index }) => carrierFloorAt(segment, text, index + segment.length, 'outside-words') !== NOT_CARRIER,
    )
    .map(({ segment }) => segment);

describe('positions', () => {
  test('only punctuation, symbols and emoji that another glyph or a line end follows', () => {
    expect(carrying('He said: “Don’t (go)!” Then 5%.\nEnd!')).toEqual(['“', '(', ')', '!', '%', '!']);
    expect(carrying('東京。大阪、「京都」です')).toEqual(['。', '、', '「', '」']);
    expect(carrying('👍🏻👍🏿 ok')).toEqual(['👍🏻']);
  });

  test('never a letter, a digit or a combining mark, wherever it stands', () => {
    for (const cluster of ['a', 'é', 'e\u0301', '5', '東', 'ก', 'क्ष'])
      for (const following of ['', '.', ')', '\n', '!', ' '])
        expect([cluster, following, isCarrier(cluster, following, 'outside-words')]).toEqual([
          cluster,
          following,
          false,
        ]);
  });

  test('not on the punctuation inside a word, nor before whitespace other than a line break', () => {
    expect(carrying('don’t rock’n’roll l·l e‐mail བོད་སྐད')).toEqual([]);
    expect(carrying('(’tis) ’90s')).toEqual(['(', '’', '’']);
    // each "(" carries (a letter follows it), never the ")" or "!" or ";" before a space
    expect(carrying('wait! now; (yes)\u00a0no (x)\tno (x)\u3000no')).toEqual(['(', '(', '(']);
    for (const lineBreak of ['\n', '\r', '\u2028', '\u2029'])
      expect(isCarrier('!', lineBreak, 'outside-words')).toBe(true);
  });

  test('no mark right before a letter of a script broken by a dictionary', () => {
    expect(isCarrier('“', 'ไ', 'outside-words')).toBe(false);
    expect(isCarrier('“', 'a', 'outside-words')).toBe(true);
  });
});

describe('options', () => {
  test('wholeWords excludes markWordEnds and lineEndsOnly, and stealth level maximum', () => {
    const text = '“One” (two) “three”';
    for (const other of [{ markWordEnds: true }, { lineEndsOnly: true }]) {
      const options = { wholeWords: true, ...other };
      expect(() => encode(text, 'x', options)).toThrow(/exclude each other/);
      expect(() => encodeRobust(text, 'x', options)).toThrow(/exclude each other/);
    }
    expect(() => encodeRobust(text, 'x', { wholeWords: true, stealthLevel: 'maximum' })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', option: 'wholeWords' }),
    );
    expect(() => encode(text, 'x', { wholeWords: 'yes' as unknown as boolean })).toThrow(
      /wholeWords must be a boolean/,
    );
  });

  test('a text without such a position is too short, and says so', () => {
    const prose = 'The committee met on a grey Tuesday morning to discuss the final draft of the office report.';
    for (const run of [
      () => encode(prose, 'ID-42', { wholeWords: true }),
      () => encodeRobust(prose, 'ID-42', { wholeWords: true }),
    ])
      expect(run).toThrow(expect.objectContaining({ code: 'CARRIER_TOO_SHORT' }));
  });
});

const WORDS = [
  'council',
  'don’t',
  'Zürich',
  'e‑mail',
  '3.14',
  '東京',
  '大阪',
  'नमस्ते',
  'مرحبا',
  'שלום',
  'ไทย',
  'བོད་སྐད',
  'l·l',
  '👍🏽',
  'ID-42',
];
const GAPS = [
  ' ',
  ', ',
  ' (',
  ') ',
  ' “',
  '” ',
  '—',
  '!” ',
  '.\n',
  '\n',
  '。',
  '、',
  '「',
  '」',
  '! ',
  ' [',
  '], ',
  '?)\n',
  ' ❤️ ',
];
// some texts end in a word: its last letter, the text's last cluster, must stay unmarked too
const texts = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom(...WORDS), fc.constantFrom(...GAPS)), { minLength: 1, maxLength: 40 }),
    fc.constantFrom('', ...WORDS),
  )
  .map(([pairs, last]) => pairs.map(([word, gap]) => word + gap).join('') + last);

const VS_OPTIONS: EncodeOptions[] = [{}, { method: 'single' }, { method: 'chunked', chunkSize: 3 }, { method: 'char' }];
const ROBUST_OPTIONS: EncodeRobustOptions[] = [
  { distribution: 'even' },
  { distribution: 'random', stealthLevel: 'high' },
  { distribution: 'clustered', key: new Uint8Array(32).fill(7) },
];

/** Marks `text` with wholeWords, or undefined when it has no position for them (CARRIER_TOO_SHORT). */
function marked(text: string, mark: () => string): string | undefined {
  try {
    return mark();
  } catch (error) {
    if (error instanceof CodecError && error.code === 'CARRIER_TOO_SHORT') return undefined;
    throw error;
  }
}

function expectSearchable(original: string, watermarked: string): void {
  expect(strip(watermarked)).toBe(original);
  expect(misplacedRuns(watermarked, original, 'outside-words')).toEqual([]);
  const found = searchFindings(original, watermarked);
  expect(found.substring.missing).toEqual([]);
  expect(found.tokens.missing).toEqual([]);
}

describe('every word stays whole (fast-check)', () => {
  test('VS methods: the secret comes back, and grep and a UAX #29 tokeniser find every word', () => {
    fc.assert(
      fc.property(
        texts,
        fc.constantFrom(...VS_OPTIONS),
        fc.string({ minLength: 1, maxLength: 24 }),
        (text, options, secret) => {
          fc.pre(!/\p{Cs}/u.test(secret));
          const watermarked = marked(text, () => encode(text, secret, { ...options, wholeWords: true }).encoded);
          if (watermarked === undefined) return;
          expect(decode(watermarked).decoded).toBe(secret);
          expectSearchable(text, watermarked);
        },
      ),
      { numRuns: 150 },
    );
  });

  test('robust: the secret comes back, and every word stays whole', () => {
    fc.assert(
      fc.property(texts, fc.constantFrom(...ROBUST_OPTIONS), (text, options) => {
        const watermarked = marked(
          text,
          () => encodeRobust(text, 'ID-42', { ...options, wholeWords: true, seed: 5 }).watermarked,
        );
        if (watermarked === undefined) {
          expect(carrierEnds(text, 'standard', 'outside-words').length === 0 || Buffer.byteLength(text) < 40).toBe(
            true,
          );
          return;
        }
        expect(decodeRobust(watermarked, { key: options.key }).decoded).toBe('ID-42');
        expectSearchable(text, watermarked);
      }),
      { numRuns: 60 },
    );
  });

  test('the corpus texts that have a position', () => {
    for (const { name, text } of loadCorpus()) {
      const watermarked = marked(text, () => encode(text, 'ID-42', { wholeWords: true }).encoded);
      expect([name, watermarked === undefined]).toEqual([
        name,
        carrierEnds(text, 'standard', 'outside-words').length === 0,
      ]);
      if (watermarked !== undefined) expectSearchable(text, watermarked);
    }
  });
});
