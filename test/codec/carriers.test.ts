import { describe, expect, test } from 'vitest';
import {
  ANY_BYTE,
  BEFORE_SPACE_ONLY,
  IDEOGRAPH_FLOOR,
  NOT_CARRIER,
  NO_BMP_SELECTORS,
  STANDARD_VARIANT_FLOOR,
  carrierFloorAt,
  carrierRule,
  isCarrier,
} from '../../src/codec/carriers.js';

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
    ['กำ', BEFORE_SPACE_ONLY + ANY_BYTE],
    ['က', BEFORE_SPACE_ONLY + NO_BMP_SELECTORS + STANDARD_VARIANT_FLOOR],
  ])('carrierRule(%s) = %i', (cluster, rule) => expect(carrierRule(cluster)).toBe(rule));

  test.each([
    ['Thai', 'กำ'],
    ['Lao', 'ລາ'],
    ['Khmer', 'ក្ស'],
    ['Myanmar (standardized variants too)', 'က'],
  ])('%s (dictionary line breaking) carries only before whitespace or at the end of the text', (_, cluster) => {
    expect(isCarrier(cluster)).toBe(false);
    expect(isCarrier(cluster, 'ก')).toBe(false);
    expect(isCarrier(cluster, '.')).toBe(false);
    expect(isCarrier(cluster, ' ')).toBe(true);
    expect(isCarrier(cluster, '\n')).toBe(true);
    expect(isCarrier(cluster, '')).toBe(true);
    expect(carrierFloorAt(cluster, `${cluster}ก`, cluster.length)).toBe(NOT_CARRIER);
    expect(carrierFloorAt(cluster, `${cluster} ก`, cluster.length)).toBe(carrierRule(cluster) - BEFORE_SPACE_ONLY);
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
