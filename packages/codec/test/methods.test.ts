import { describe, expect, test } from 'vitest';
import { decode } from 'wm-watermark-codec/decode';
import { encode } from 'wm-watermark-codec/encode';
import { strip } from 'wm-watermark-codec/strip';
import { countCodePoints, forEachSelectorRun } from 'wm-watermark-codec/scan';
import type { EncodeOptions } from 'wm-watermark-codec/types';
import { CORPUS, misplacedRuns, payloadRunPositions } from './carrier-samples.js';

const KEY = new Uint8Array(32).fill(7);
const METHODS: Record<string, EncodeOptions> = {
  auto: {},
  single: { method: 'single' },
  chunked3: { method: 'chunked', chunkSize: 3 },
  char: { method: 'char' },
  firstLetterOnly: { method: 'char', firstLetterOnly: true },
  pattern: { method: 'pattern' },
};

/** Method pattern marks everything after the first word, so the run starts in the middle of the text. */
const forText = (options: EncodeOptions, text: string): EncodeOptions =>
  options.method === 'pattern' ? { ...options, pattern: text.slice(text.indexOf(' ') + 1) } : options;
const SECRET = 'café ☕ 42';

describe.each(Object.entries(METHODS))('method %s', (_, options) => {
  test.each(Object.entries(CORPUS))('%s: round trip, strip, runs only after whole carrier graphemes', (_name, text) => {
    const { encoded, keyed } = encode(text, SECRET, forText(options, text));
    expect(keyed).toBe(false);
    expect(decode(encoded).decoded).toBe(SECRET);
    expect(strip(encoded)).toBe(text);
    expect(misplacedRuns(encoded, text)).toEqual([]);
  });

  test.each(Object.entries(CORPUS))('%s: keyed round trip', (_name, once) => {
    const text = `${once} ${once} ${once}`; // a keyed frame is 44 bytes longer
    const { encoded, keyed } = encode(text, SECRET, { ...forText(options, text), key: KEY });
    expect(keyed).toBe(true);
    expect(decode(encoded, { key: KEY })).toMatchObject({ decoded: SECRET, keyed: true });
    expect(strip(encoded)).toBe(text);
    expect(misplacedRuns(encoded, text)).toEqual([]);
  });
});

describe('non-carriers never get a run', () => {
  const selectorFollows = (encoded: string, what: string): boolean => {
    let found = false;
    forEachSelectorRun(encoded, (run) => {
      if (run.end > run.payloadStart && encoded.slice(0, run.payloadStart).endsWith(what)) found = true;
    });
    return found;
  };

  test.each(['©', '™', '®', '2', '0', '#', '*', '❤ ', '葛', '飾', ' '])('nothing after %j even with single', (what) => {
    const text = `${CORPUS.symbols} ${CORPUS.cjk} ${CORPUS.latin}`;
    const { encoded } = encode(text, 'a longer secret that needs many carriers', { method: 'single' });
    expect(selectorFollows(encoded, what.trim() || ' ')).toBe(false);
  });

  test('the run after "❤️" goes after its FE0F, which stays text', () => {
    // with markWordEnds: by default "❤️" before a space is a word end and carries nothing
    const { encoded } = encode('I ❤️ NY', 'x', { method: 'chunked', chunkSize: 4, markWordEnds: true });
    expect(encoded.startsWith('I')).toBe(true);
    const positions = payloadRunPositions(encoded, 'I ❤️ NY').map((p) => p.cluster);
    expect(positions).toContain('❤️');
    expect(strip(encoded)).toBe('I ❤️ NY');
  });

  test('keycaps carry after the whole keycap, never between digit and FE0F', () => {
    const { encoded } = encode(CORPUS.keycaps, 'secret', { method: 'single', markWordEnds: true });
    expect(encoded).not.toMatch(/[0-9#][\u{E0100}-\u{E01EF}\uFE00-\uFE0D]/u);
    expect(misplacedRuns(encoded, CORPUS.keycaps, 'word-ends')).toEqual([]);
    expect(payloadRunPositions(encoded, CORPUS.keycaps).map((p) => p.cluster)).toContain('1️⃣');
  });

  test('no run inside a Devanagari or Tamil cluster', () => {
    const text = 'क्षत्रिय स्त्री தமிழ் க்ஷேத்திரம் '.repeat(2);
    const { encoded } = encode(text, 'devanagari secret', { method: 'chunked', chunkSize: 3 });
    expect(misplacedRuns(encoded, text)).toEqual([]);
    expect(decode(encoded).decoded).toBe('devanagari secret');
  });

  test('after an ideograph a run starts at VS129 or above; the bytes below join the run before', () => {
    const text = '葛飾区東京都の中心で人々は静かに暮らしている';
    for (const options of [{}, { method: 'single' as const }, { method: 'chunked' as const, chunkSize: 2 }]) {
      const { encoded } = encode(text, 'ID-42 ascii', options);
      expect(decode(encoded).decoded).toBe('ID-42 ascii');
      expect(strip(encoded)).toBe(text);
      expect(misplacedRuns(encoded, text)).toEqual([]);
      forEachSelectorRun(encoded, (run) => {
        expect(run.payloadStart).toBe(run.start);
        expect(encoded.codePointAt(run.start)).toBeGreaterThanOrEqual(0xe0170);
      });
    }
  });

  test('Thai carries only after its last cluster; with markWordEnds also right before each space', () => {
    for (const text of ['สวัสดีชาวโลกนี่คือข้อความ', 'สวัสดีชาวโลก นี่คือข้อความ ทดสอบ']) {
      const { encoded } = encode(text, 'ID-42');
      expect(encoded.startsWith(text)).toBe(true);
      expect(decode(encoded).decoded).toBe('ID-42');
      expect(() => encode(text, 'ID-42', { method: 'single' })).toThrow(
        expect.objectContaining({ code: 'CARRIER_TOO_SHORT' }),
      );
    }
    const spaced = 'สวัสดีชาวโลก นี่คือข้อความ ทดสอบ';
    const marked = encode(spaced, 'ID-42', { method: 'chunked', chunkSize: 4, markWordEnds: true }).encoded;
    expect(payloadRunPositions(marked, spaced).map((p) => p.originalOffset)).toEqual([12, 26, 32]);
    expect(misplacedRuns(marked, spaced, 'word-ends')).toEqual([]);
    expect(decode(marked).decoded).toBe('ID-42');
  });
});

describe('method details', () => {
  const frameLength = (secret: string): number => 3 + new TextEncoder().encode(secret).length + 4;

  test('auto: one word uses char, several words chunked with the smallest chunk size that fits', () => {
    expect(encode('Watermarking', 'hi').stats.method).toBe('char');
    const few = encode('ab cd', 'hello'); // 3 carriers (b ends a word), frame of 12 bytes
    expect(few.stats).toMatchObject({ method: 'chunked', chunkSize: 4 });
    expect(decode(few.encoded).decoded).toBe('hello');
    const many = encode(CORPUS.latin, 'hello');
    expect(many.stats).toMatchObject({ method: 'chunked', chunkSize: 1 });
  });

  test('single uses exactly one selector per carrier grapheme', () => {
    const { encoded } = encode(CORPUS.latin, 'hi', { method: 'single' });
    const runs = payloadRunPositions(encoded, CORPUS.latin);
    expect(runs).toHaveLength(frameLength('hi'));
  });

  test('chunked puts chunkSize bytes per grapheme, the last one fewer', () => {
    const { encoded, stats } = encode(CORPUS.latin, 'hello', { method: 'chunked', chunkSize: 5 });
    expect(stats.chunkSize).toBe(5);
    const lengths: number[] = [];
    forEachSelectorRun(encoded, (run) => lengths.push(countCodePoints(encoded, run.payloadStart, run.end)));
    expect(lengths).toEqual([5, 5, 2]);
  });

  test('char spreads over the first word only; firstLetterOnly uses its first carrier', () => {
    const text = 'Hello wonderful world';
    const spread = encode(text, 'hello', { method: 'char' });
    const spreadRuns = payloadRunPositions(spread.encoded, text);
    expect(spreadRuns.every((p) => p.originalOffset <= 5)).toBe(true);
    expect(spreadRuns).toHaveLength(4); // 12 bytes over 5 letters: 3 per letter
    const first = encode(text, 'hello', { method: 'char', firstLetterOnly: true });
    expect(payloadRunPositions(first.encoded, text)).toMatchObject([{ originalOffset: 1, cluster: 'H' }]);
    expect(first.stats.method).toBe('char');
    expect(first.stats.chunkSize).toBeUndefined();
  });

  test('char skips a leading word without carriers', () => {
    const text = '© 2024 Acme';
    const { encoded } = encode(text, 'x', { method: 'char' });
    expect(payloadRunPositions(encoded, text).every((p) => p.originalOffset > 6)).toBe(true);
  });

  test('char refuses more than 256 bytes per grapheme with the carrier count that would fit', () => {
    const secret = 'x'.repeat(600); // frame of 609 bytes → 3 graphemes
    expect(() => encode('ab cd', secret, { method: 'char' })).toThrow(
      expect.objectContaining({ code: 'CARRIER_TOO_SHORT', requiredLength: 3 }),
    );
    expect(decode(encode('abc', secret, { method: 'char' }).encoded).decoded).toBe(secret);
  });

  test('firstLetterOnly has no 256-byte limit', () => {
    const secret = 'y'.repeat(1000);
    expect(decode(encode('a', secret, { method: 'char', firstLetterOnly: true }).encoded).decoded).toBe(secret);
  });

  test('pattern embeds into the first occurrence only', () => {
    const text = 'see the cat, the cat sat';
    const { encoded, stats } = encode(text, 'hi', { method: 'pattern', pattern: 'cat' });
    expect(stats.method).toBe('pattern');
    const offsets = payloadRunPositions(encoded, text).map((p) => p.originalOffset);
    expect(offsets).toEqual([9, 10]); // the t of "cat," ends a word
    expect(decode(encoded).decoded).toBe('hi');
    expect(strip(encoded)).toBe(text);
  });

  test('pattern inside a long text with several lines, after emoji and marks', () => {
    const text = `${CORPUS.emojiZwj}\n${CORPUS.decomposed}\nthe marker word here`;
    const { encoded } = encode(text, 'secret', { method: 'pattern', pattern: 'marker' });
    const start = text.indexOf('marker');
    expect(
      payloadRunPositions(encoded, text).every((p) => p.originalOffset > start && p.originalOffset <= start + 6),
    ).toBe(true);
    expect(decode(encoded).decoded).toBe('secret');
  });

  test('pattern errors: absent → PATTERN_NOT_FOUND; missing → INVALID_INPUT', () => {
    expect(() => encode('hello world', 'x', { method: 'pattern', pattern: 'zebra' })).toThrow(
      expect.objectContaining({ code: 'PATTERN_NOT_FOUND', message: expect.stringContaining('zebra') }),
    );
    expect(() => encode('hello world', 'x', { method: 'pattern' })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT' }),
    );
    expect(() => encode('hello world', 'x', { method: 'pattern', pattern: '' })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT' }),
    );
    expect(() => encode('a © b', 'x', { method: 'pattern', pattern: '©' })).toThrow(
      expect.objectContaining({ code: 'CARRIER_TOO_SHORT', requiredLength: 1 }),
    );
  });

  test('output tokens returns only the carrying graphemes with their runs', () => {
    const text = 'Hello wonderful world';
    const { encoded, stats } = encode(text, 'hi', { method: 'chunked', chunkSize: 4, output: 'tokens' });
    expect(strip(encoded)).toBe('Hel');
    expect(decode(encoded).decoded).toBe('hi');
    expect(stats.encodedLength).toBe(3 + 9);
  });
});

describe('Myanmar: no VS1-VS16 anywhere (frame v2)', () => {
  const text = 'မင်္ဂလာပါ။ ဒီနေ့ ရာသီဥတု အရမ်းကောင်းပါတယ်။';

  test.each<EncodeOptions>([
    {},
    { method: 'chunked', chunkSize: 8, markWordEnds: true },
    { method: 'char' },
    { key: new Uint8Array(32).fill(3) },
  ])('%o', (options) => {
    const { encoded } = encode(text, 'ID-2026-000042-X', options);
    expect(encoded).not.toMatch(/[\uFE00-\uFE0F]/);
    expect(misplacedRuns(encoded, text, options.markWordEnds ? 'word-ends' : 'inside-words')).toEqual([]);
    expect(decode(encoded, { key: options.key }).decoded).toBe('ID-2026-000042-X');
    expect(strip(encoded)).toBe(text);
  });
});
