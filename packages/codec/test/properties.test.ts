import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { decode } from 'wm-watermark-codec/decode';
import { encode } from 'wm-watermark-codec/encode';
import { CodecError } from 'wm-watermark-codec/errors';
import { forEachSelectorRun } from 'wm-watermark-codec/scan';
import { strip } from 'wm-watermark-codec/strip';
import type { EncodeOptions } from 'wm-watermark-codec/types';
import { misplacedRuns, payloadRunPositions } from './carrier-samples.js';

const KEY = new Uint8Array(32).fill(9);
const WRONG_KEY = new Uint8Array(32).fill(10);

const cleanText = fc
  .oneof(
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 80 }),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 80 }),
    fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 80 }),
    fc
      .array(
        fc.constantFrom(
          'I ',
          '❤️',
          ' NY ',
          '©',
          '™',
          '1️⃣',
          '葛',
          'क्ष',
          'مرحبا',
          '👨‍👩‍👧',
          '🇺🇸',
          'é',
          'e\u0301',
          '\n',
          '🏴󠁧󠁢󠁳󠁣󠁴󠁿',
          'a\u200d',
        ),
        {
          minLength: 1,
          maxLength: 40,
        },
      )
      .map((parts) => parts.join('')),
    // revision 2: ideographs (an IVS already in the text too), standardized variants, scripts carried at spaces only
    fc
      .array(
        fc.constantFrom('中文', '葛\u{e0100}', '𠀋', '。', '“', '≩', 'ภาษาไทย', 'ລາວ', 'ខ្មែរ', 'မြန်မာ', '။', ' ', 'ID'),
        {
          minLength: 1,
          maxLength: 40,
        },
      )
      .map((parts) => parts.join('')),
  )
  .filter((text) => strip(text) === text);
const secret = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 24 }),
  fc.string({ minLength: 1, maxLength: 24 }),
);
const options = fc.oneof(
  fc.constant<EncodeOptions>({}),
  fc.constant<EncodeOptions>({ method: 'single' }),
  fc.integer({ min: 1, max: 12 }).map((chunkSize): EncodeOptions => ({ method: 'chunked', chunkSize })),
  fc.constant<EncodeOptions>({ method: 'char' }),
  fc.constant<EncodeOptions>({ method: 'char', firstLetterOnly: true }),
  fc.constant<EncodeOptions>({ method: 'pattern' }),
);

/** Method pattern marks a stretch of the text itself: its last two thirds, which may start mid-cluster. */
const withPattern = (text: string, opts: EncodeOptions): EncodeOptions =>
  opts.method === 'pattern' ? { ...opts, pattern: text.slice(Math.floor(text.length / 3)) } : opts;

/** encode, or null when the text has too few carriers (that error is tested elsewhere). */
function tryEncode(text: string, s: string, opts: EncodeOptions): string | null {
  try {
    return encode(text, s, withPattern(text, opts)).encoded;
  } catch (error) {
    if (error instanceof CodecError && error.code === 'CARRIER_TOO_SHORT') return null;
    throw error;
  }
}

const errorCode = (run: () => unknown): string => {
  try {
    run();
    return 'no error';
  } catch (error) {
    return (error as CodecError).code;
  }
};

/** UTF-16 ranges of every payload selector. */
function payloadSelectors(encoded: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  forEachSelectorRun(encoded, (run) => {
    for (let i = run.payloadStart; i < run.end;) {
      const length = encoded.charCodeAt(i) === 0xdb40 ? 2 : 1;
      found.push([i, i + length]);
      i += length;
    }
  });
  return found;
}

const RUNS = { numRuns: 300 };

describe('properties', () => {
  test('decode(encode(t, s)) = s and strip(encode(t, s)) = t for clean text; runs only where the rules allow', () => {
    let encodedCount = 0;
    fc.assert(
      fc.property(cleanText, secret, options, fc.boolean(), (text, s, opts, keyed) => {
        const key = keyed ? KEY : undefined;
        const encoded = tryEncode(text, s, { ...opts, key });
        if (encoded === null) return;
        encodedCount++;
        expect(decode(encoded, { key }).decoded).toBe(s);
        expect(strip(encoded)).toBe(text);
        expect(misplacedRuns(encoded, text)).toEqual([]);
        // a run after Myanmar: the frame is v2, no VS1-VS16 in any run
        if (payloadRunPositions(encoded, text).some((p) => /[\u1000-\u109f]/.test(p.cluster ?? ''))) {
          expect(payloadSelectors(encoded).some(([start]) => encoded.charCodeAt(start) < 0xd800)).toBe(false);
        }
      }),
      RUNS,
    );
    expect(encodedCount).toBeGreaterThan(100);
  });

  test('a flipped payload selector yields CORRUPTED, never another secret', () => {
    fc.assert(
      fc.property(
        cleanText,
        secret,
        options,
        fc.boolean(),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (text, s, opts, keyed, which, delta) => {
          const key = keyed ? KEY : undefined;
          const encoded = tryEncode(text, s, { ...opts, key });
          if (encoded === null) return;
          const selectors = payloadSelectors(encoded);
          const [start, end] = selectors[which % selectors.length];
          const codePoint = encoded.codePointAt(start)!;
          const byte = codePoint < 0xe0100 ? codePoint - 0xfe00 : codePoint - 0xe0100 + 16;
          const flipped = (byte + delta) % 256;
          const replacement =
            flipped < 16 ? String.fromCodePoint(0xfe00 + flipped) : String.fromCodePoint(0xe0100 + flipped - 16);
          expect(errorCode(() => decode(encoded.slice(0, start) + replacement + encoded.slice(end), { key }))).toBe(
            'CORRUPTED',
          );
        },
      ),
      RUNS,
    );
  });

  test('a dropped payload selector yields CORRUPTED, never another secret', () => {
    fc.assert(
      fc.property(cleanText, secret, options, fc.boolean(), fc.nat(), (text, s, opts, keyed, which) => {
        const key = keyed ? KEY : undefined;
        const encoded = tryEncode(text, s, { ...opts, key });
        if (encoded === null) return;
        const selectors = payloadSelectors(encoded);
        const [start, end] = selectors[which % selectors.length];
        expect(errorCode(() => decode(encoded.slice(0, start) + encoded.slice(end), { key }))).toBe('CORRUPTED');
      }),
      RUNS,
    );
  });

  test('keyed: a wrong key yields KEY_MISMATCH and no key KEY_REQUIRED', () => {
    fc.assert(
      fc.property(cleanText, secret, options, (text, s, opts) => {
        const encoded = tryEncode(text, s, { ...opts, key: KEY });
        if (encoded === null) return;
        expect(errorCode(() => decode(encoded, { key: WRONG_KEY }))).toBe('KEY_MISMATCH');
        expect(errorCode(() => decode(encoded))).toBe('KEY_REQUIRED');
      }),
      { numRuns: 100 },
    );
  });

  test('strip is idempotent and removes every payload selector', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        const once = strip(text);
        expect(strip(once)).toBe(once);
        expect(payloadSelectors(once)).toEqual([]);
      }),
      RUNS,
    );
  });
});
