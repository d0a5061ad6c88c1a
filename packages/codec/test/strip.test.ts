import { describe, expect, test } from 'vitest';
import { encode } from 'wm-watermark-codec/encode';
import { selectorsForBytes } from 'wm-watermark-codec/selectors';
import { strip } from 'wm-watermark-codec/strip';
import { CORPUS } from './carrier-samples.js';

describe('strip', () => {
  test.each(Object.entries(CORPUS))('%s is clean and survives encode + strip byte for byte', (_, text) => {
    expect(strip(text)).toBe(text);
    expect(strip(encode(text, 'secret', { method: 'chunked', chunkSize: 2 }).encoded)).toBe(text);
  });

  test('removes other tools’ raw selector runs', () => {
    expect(strip(`Hi${selectorsForBytes(new TextEncoder().encode('hidden'))} there`)).toBe('Hi there');
  });

  test('removes zero-width marks and keeps a leading byte order mark', () => {
    expect(strip('a\u200Bb\u2060c\u2061d\u2062e\u2063f\u2064g\u180Eh\uFEFFi')).toBe('abcdefghi');
    expect(strip('\uFEFFtext\uFEFF')).toBe('\uFEFFtext');
  });

  test('removes runs of zero-width characters, ZWJ and ZWNJ included', () => {
    expect(strip('se\u200C\u200D\u200C\u200Dcret')).toBe('secret');
    expect(strip('a\u200D\u200Db')).toBe('ab');
  });

  test('keeps single ZWJ and ZWNJ (emoji sequences, shaping)', () => {
    for (const text of ['👨‍👩‍👧', 'می\u200Cخواهم', 'क्\u200Dष', '🏳️‍🌈']) expect(strip(text)).toBe(text);
  });

  test('removes tag characters but keeps emoji tag sequences', () => {
    const scotland = '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
    expect(strip(`flag ${scotland}!`)).toBe(`flag ${scotland}!`);
    expect(strip('off\u{E0020}\u{E0041}ice\u{E007F}')).toBe('office');
    expect(strip('\u{E0001}\u{E0065}\u{E006E}text')).toBe('text');
  });

  test('keeps presentation selectors that belong to the text, removes extra ones', () => {
    expect(strip('I ❤️ NY ©︎ 葛\u{E0100} ≩\uFE00')).toBe('I ❤️ NY ©︎ 葛\u{E0100} ≩\uFE00');
    expect(strip('❤\uFE0F\uFE0F')).toBe('❤\uFE0F');
    expect(strip('a\uFE0F')).toBe('a');
  });
});
