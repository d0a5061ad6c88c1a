import { describe, expect, test } from 'vitest';
import {
  ANY_BYTE,
  DICTIONARY_SCRIPT,
  IDEOGRAPH_FLOOR,
  NOT_CARRIER,
  NO_BMP_SELECTORS,
  STANDARD_VARIANT_FLOOR,
  carrierFloorAt,
  carrierRule,
  MARK_POSITIONS,
  isCarrier,
  staysInsideWord,
} from '../src/carriers.js';

describe('isCarrier (invisibility rules)', () => {
  test.each([
    ['Latin letter', 'a'],
    ['accented precomposed', 'é'],
    ['accented decomposed', 'e\u0301'],
    ['punctuation', '!'],
    ['currency symbol', '€'],
    ['emoji', '😀'],
    ['emoji ZWJ family', '👨‍👩‍👧'],
    ['rainbow flag (ZWJ, FE0F inside)', '🏳️‍🌈'],
    ['skin tone', '👍🏽'],
    ['flag', '🇺🇸'],
    ['Scotland tag sequence', '🏴󠁧󠁢󠁳󠁣󠁴󠁿'],
    ['heart with its own FE0F', '❤️'],
    ['keycap', '1️⃣'],
    ['copyright with FE0F', '©️'],
    ['kana', 'の'],
    ['katakana', 'タ'],
    ['Hangul syllable', '한'],
    ['Arabic letter', 'م'],
    ['Hebrew letter', 'ש'],
    ['Devanagari conjunct cluster', 'क्ष'],
    ['Tamil cluster', 'க்ஷ'],
    // a selector forms a registered sequence only right after its base: runs start above the registered ones
    ['CJK ideograph', '葛'],
    ['CJK extension B ideograph', '𠀋'],
    ['CJK compatibility ideograph', '\uf900'],
    ['ideograph with its registered variation selector (the run follows the text selector)', '葛\u{e0100}'],
    ['ideographic iteration mark 〆', '〆'],
    ['Tangut ideograph', '\u{17000}'],
    ['math symbol with standardized variant', '≩'],
    ['curly quote (standardized variant in Unicode 17)', '\u201c'],
    ['ideographic full stop (standardized variant)', '。'],
    ['Phags-pa letter', '\ua856'],
  ])('%s is a carrier', (_, cluster) => expect(isCarrier(cluster)).toBe(true));

  test.each([
    ['a', ANY_BYTE],
    ['é', ANY_BYTE],
    ['❤️', ANY_BYTE],
    ['葛\u{e0100}', ANY_BYTE],
    ['葛', IDEOGRAPH_FLOOR],
    ['𠀋', IDEOGRAPH_FLOOR],
    ['≩', STANDARD_VARIANT_FLOOR],
    ['。', STANDARD_VARIANT_FLOOR],
    ['\u201d', STANDARD_VARIANT_FLOOR],
    ['กำ', DICTIONARY_SCRIPT + ANY_BYTE],
    ['က', DICTIONARY_SCRIPT + NO_BMP_SELECTORS + STANDARD_VARIANT_FLOOR],
  ])('carrierRule(%s) = %i', (cluster, rule) => expect(carrierRule(cluster)).toBe(rule));

  test.each([
    ['Thai', 'กำ'],
    ['Lao', 'ລາ'],
    ['Khmer', 'ក្ស'],
    ['Myanmar (standardized variants too)', 'က'],
  ])(
    '%s (dictionary line breaking) carries only where a run of dictionary letters ends, never before a space',
    (_, cluster) => {
      expect(isCarrier(cluster)).toBe(false);
      // inside a run (another letter of a dictionary script follows): never, whatever the positions
      for (const positions of MARK_POSITIONS) {
        for (const letter of ['ก', 'ฯ', 'ๆ', 'ລ', 'ៗ', 'က', '\u0e31'])
          expect(isCarrier(cluster, letter, positions)).toBe(false);
        // a letter never carries with wholeWords, not even at a line's end
        const atLineEnd = positions !== 'outside-words';
        expect(isCarrier(cluster, '\n', positions)).toBe(atLineEnd);
        expect(isCarrier(cluster, '\u2029', positions)).toBe(atLineEnd);
        expect(isCarrier(cluster, '', positions)).toBe(atLineEnd);
      }
      // revision 4: where the run ends other than at whitespace (punctuation, digits, another script, ZWSP)
      for (const other of ['.', ',', '!', '?', ')', '"', '។', '៖', '။', '၊', '๑', '5', 'a', '।', '\u200b'])
        expect([other, isCarrier(cluster, other)]).toEqual([other, true]);
      // whitespace: a PDF extractor loses it after a mark
      for (const space of [' ', '\u00a0', '\t', '\u3000'])
        expect([space, isCarrier(cluster, space)]).toEqual([space, false]);
      // revision 2 (markWordEnds): before whitespace only
      expect(isCarrier(cluster, ' ', true)).toBe(true);
      expect(isCarrier(cluster, '.', true)).toBe(false);
      // line ends only
      expect(isCarrier(cluster, '.', 'line-ends')).toBe(false);
      expect(isCarrier(cluster, ' ', 'line-ends')).toBe(false);
      const floor = carrierRule(cluster) - DICTIONARY_SCRIPT;
      expect(carrierFloorAt(cluster, `${cluster} ก`, cluster.length)).toBe(NOT_CARRIER);
      expect(carrierFloorAt(cluster, `${cluster}. ก`, cluster.length)).toBe(floor);
      expect(carrierFloorAt(cluster, `${cluster} ก`, cluster.length, 'word-ends')).toBe(floor);
      expect(carrierFloorAt(cluster, `ก ${cluster}`, 2 + cluster.length)).toBe(floor);
    },
  );

  test('no mark right before a letter of a dictionary script, whatever the cluster (revision 4)', () => {
    for (const [cluster, letter] of [
      ['“', 'ရ'],
      ['(', 'ກ'],
      ['i', 'ไ'],
      ['5', 'ក'],
    ]) {
      expect(isCarrier(cluster, letter)).toBe(false);
      if (cluster !== '5') expect(isCarrier(cluster, letter, 'word-ends')).toBe(true);
    }
    expect(isCarrier('“', 'a')).toBe(true);
  });

  test('line-ends: only the last cluster of a line or of the text, in every script', () => {
    const text = 'The dog ran\nสวัสดี ครับ.\nfin';
    const carrying = [...text].flatMap((character, at) =>
      carrierFloorAt(character, text, at + 1, 'line-ends') === NOT_CARRIER ? [] : [at],
    );
    expect(carrying.map((at) => text[at])).toEqual(['n', 'n']);
  });

  test.each([
    ['space', ' '],
    ['no-break space', '\u00a0'],
    ['ideographic space', '\u3000'],
    ['tab', '\t'],
    ['line feed', '\n'],
    ['CR LF', '\r\n'],
    ['NUL', '\u0000'],
    ['zero-width space', '\u200b'],
    ['soft hyphen', '\u00ad'],
    ['word joiner', '\u2060'],
    ['BOM', '\ufeff'],
    ['Hangul filler', '\u3164'],
    ['lone variation selector', '\ufe0f'],
    ['lone supplementary selector', '\u{e0100}'],
    ['tag character', '\u{e0061}'],
    // seen to render differently with a mark in Chromium (test/render)
    ['Thai cluster (dictionary line breaking), context unknown', 'กำ'],
    ['Tamil two-part vowel sign', 'சோ'],
    ['Tamil consonant + virama (half of க்ஷ)', 'க்'],
    ['number separator, Bidi_Class CS', ','],
    ['number separator, Bidi_Class ES', '-'],
    ['operator negated with U+0338', '≠'],
    ['private use', '\ue000'],
    ['lone surrogate', '\ud800'],
    ['text-default heart', '❤'],
    ['copyright', '©'],
    ['registered', '®'],
    ['trade mark', '™'],
    ['digit', '7'],
    ['digit zero (also a standardized variant)', '0'],
    ['number sign', '#'],
    ['asterisk', '*'],
    ['watch (emoji variation base)', '⌚'],
    ['Myanmar letter, context unknown', 'က'],
    ['Myanmar cluster, context unknown', 'ကာ'],
    ['ideograph with an unregistered-range selector (payload would follow payload)', '葛\u{e0170}'],
    ['Mongolian letter', '\u1820'],
    ['letter with an unregistered selector', 'a\ufe0f'],
    ['cluster ending in ZWJ', 'a\u200d'],
    ['cluster ending in ZWNJ', 'a\u200c'],
    ['empty string', ''],
  ])('%s is not a carrier', (_, cluster) => expect(isCarrier(cluster)).toBe(false));
});

describe('word ends (format revision 3): no mark where a PDF extractor would lose the space after it', () => {
  /** Whether a mark may follow text[0, end) in `text` (end: the offset after `|`). */
  const allowed = (marked: string): boolean => {
    const end = marked.indexOf('|');
    const text = marked.replace('|', '');
    return carrierFloorAt([...text.slice(0, end)].at(-1)!, text, end) !== NOT_CARRIER;
  };

  test.each([
    ['inside a word', 'do|g ran', true],
    ['the last letter before a space', 'dog| ran', false],
    [
      'before a line feed, a tab, a no-break space, an ideographic space',
      'dog|\nran dog|\tx dog|\u00a0x 字|\u3000字',
      false,
    ],
    ['the last cluster of the text', 'the dog|', true],
    ['a letter followed only by punctuation, then a space', 'dog|, ran', false],
    ['a letter followed only by punctuation at the end (right-to-left text draws it on the other side)', 'wm|.', false],
    ['a letter before punctuation that the word goes on after', 'don|’t', true],
    ['an ideograph before a fullwidth comma and more ideographs', '島嶼|，氣候', true],
    ['an ideograph before the full stop that ends a line', '潮濕|。\n', false],
    ['an emoji followed by another emoji, then a space', '👍🏻|👍🏿 and', false],
    ['an f whose ligature (ff) ends the word', 'staf|f officer', false],
    ['an f whose ligature (ffi) is followed by more of the word', 'of|ficer', true],
    ['a t whose ligature (tt) ends the word', 'Scot|t said', false],
    ['an f followed by three ligature letters', 'f|ftb', true],
  ])('%s', (_, marked, expected) => expect(allowed(marked)).toBe(expected));

  test('staysInsideWord reads the cluster from the text: only a single f or t starts a ligature', () => {
    expect(staysInsideWord('staff ', 4, 5)).toBe(false);
    expect(staysInsideWord('staf\u0301f x', 3, 5)).toBe(true); // f́ is no ligature head
  });

  test('markWordEnds restores the placement of revision 2', () => {
    for (const [cluster, following] of [
      ['g', ' ran'],
      ['g', ', ran'],
      ['f', 'f officer'],
    ])
      expect([isCarrier(cluster, following), isCarrier(cluster, following, true)]).toEqual([false, true]);
  });
});
