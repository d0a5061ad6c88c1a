import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { encode } from 'wm-watermark-codec/encode';
import { encodeRobust } from 'wm-watermark-codec/robust';
import {
  FINGERPRINT_PARAMETERS,
  computeFingerprint,
  fingerprintKey,
  sharedHashCount,
  type Fingerprint,
} from '../../../src/domain/fingerprint/index.js';
import { WORD_UNITS } from '../../../src/domain/fingerprint/visible-words.js';
import { loadCorpus } from '../../../packages/codec/test/corpus/load.js';

const KEY = fingerprintKey(new Uint8Array(32).fill(1));
const OTHER_KEY = fingerprintKey(new Uint8Array(32).fill(2));
const SHINGLE_WORDS = FINGERPRINT_PARAMETERS.shingleUnits / WORD_UNITS.word;
/** Winnowing's guarantee in words: a shared run this long always shares a kept hash. */
const GUARANTEED_RUN = FINGERPRINT_PARAMETERS.window + SHINGLE_WORDS - 1;

const fingerprint = (text: string): Fingerprint => computeFingerprint(text, KEY);
const hashesOf = (text: string): number[] => [...fingerprint(text).hashes];

/** Words made of letters of one alphabet, so that two generators can be kept apart. */
const wordsFrom = (letters: string, minLength: number, maxLength: number) =>
  fc.array(fc.string({ unit: fc.constantFrom(...letters), minLength: 1, maxLength: 9 }), { minLength, maxLength });

const separators = fc.array(fc.constantFrom(' ', '  ', '\n', '\r\n', '\t', ', ', '. ', ' — ', '\u00A0', ' “'), {
  minLength: 1,
  maxLength: 400,
});
const joinWith = (words: string[], between: string[]): string =>
  words.map((word, i) => `${word}${between[i % between.length]}`).join('');

describe('the fingerprint of visible text', () => {
  test('is the same whatever the spacing, line breaks, punctuation between words and case', () => {
    fc.assert(
      fc.property(wordsFrom('abcdefghij', 0, 80), separators, separators, (words, a, b) => {
        const text = joinWith(words, a);
        expect(
          hashesOf(
            joinWith(
              words.map((word) => word.toUpperCase()),
              b,
            ),
          ),
        ).toEqual(hashesOf(text));
      }),
    );
  });

  test('is the same after NFC, NFD, NFKC and with format characters added or dropped', () => {
    const corpus = loadCorpus();
    for (const { name, text } of corpus) {
      const expected = hashesOf(text);
      expect(expected.length, name).toBeGreaterThan(0);
      for (const form of ['NFC', 'NFD', 'NFKC', 'NFKD'] as const)
        expect(hashesOf(text.normalize(form)), name).toEqual(expected);
      // a soft hyphen, a zero-width space and a word joiner inside words, a BOM in front
      const hyphenated = text.replace(/(\p{L})(\p{L})/gu, '$1\u00AD$2');
      const sprinkled = `\uFEFF${hyphenated.replace(/(\p{L})(\p{L})/gu, '$1\u200B\u2060$2')}`;
      expect(hashesOf(sprinkled), name).toEqual(expected);
    }
    expect(hashesOf('ﬁnal ＴＥＸＴ of ｆｕｌｌ width ① and more words to make a shingle or two')).toEqual(
      hashesOf('final text of full width 1 and more words to make a shingle or two'),
    );
  });

  test('does not see hidden marks: a watermarked copy has the fingerprint of its text', () => {
    for (const { name, text } of loadCorpus()) {
      const expected = hashesOf(text);
      expect(hashesOf(encodeRobust(text, 'copy 17', { seed: 3 }).watermarked), name).toEqual(expected);
      const vs = (() => {
        try {
          return encode(text, 'copy 17').encoded;
        } catch {
          return text; // a text too short for a VS frame
        }
      })();
      expect(hashesOf(vs), name).toEqual(expected);
    }
  });

  test('two texts that share a run of window + shingle − 1 words share a hash, whatever surrounds it', () => {
    fc.assert(
      fc.property(
        wordsFrom('abcdefgh', GUARANTEED_RUN, GUARANTEED_RUN + 20),
        wordsFrom('klmnopqr', 0, 60),
        wordsFrom('stuvwxyz', 0, 60),
        wordsFrom('klmnopqr', 0, 60),
        wordsFrom('stuvwxyz', 0, 60),
        (shared, beforeA, afterA, beforeB, afterB) => {
          const a = [...beforeA, ...shared, ...afterA].join(' ');
          const b = [...beforeB, ...shared, ...afterB].join(' ');
          expect(sharedHashCount(fingerprint(a), fingerprint(b))).toBeGreaterThan(0);
        },
      ),
      { numRuns: 500 },
    );
  });

  test('in scripts written without spaces, a passage cut out anywhere keeps the hashes of the text inside it', () => {
    const characters = [
      ...'的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学',
    ];
    const hanText = fc.array(fc.constantFrom(...characters), { minLength: 150, maxLength: 300 });
    fc.assert(
      fc.property(hanText, fc.nat(), fc.integer({ min: 60, max: 140 }), (text, at, length) => {
        const start = at % (text.length - length);
        const whole = fingerprint(text.join(''));
        const part = fingerprint(text.slice(start, start + length).join(''));
        expect(part.hashes.length).toBeGreaterThan(0);
        expect(sharedHashCount(part, whole)).toBe(part.hashes.length);
      }),
      { numRuns: 300 },
    );
  });

  test('texts with no word in common share no hash', () => {
    fc.assert(
      fc.property(wordsFrom('abcdefgh', 0, 300), wordsFrom('stuvwxyz', 0, 300), (a, b) => {
        expect(sharedHashCount(fingerprint(a.join(' ')), fingerprint(b.join(' ')))).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  test('holds distinct hashes in increasing order, about 2 / (window + 1) of the shingles', () => {
    const text = Array.from({ length: 5000 }, (_, i) => `w${(i * 7919) % 100_003}`).join(' ');
    const { hashes } = fingerprint(text);
    for (let i = 1; i < hashes.length; i++) expect(hashes[i]).toBeGreaterThan(hashes[i - 1]);
    const shingles = 5000 - SHINGLE_WORDS + 1;
    const density = hashes.length / shingles;
    expect(density).toBeGreaterThan((2 / (FINGERPRINT_PARAMETERS.window + 1)) * 0.8);
    expect(density).toBeLessThan((2 / (FINGERPRINT_PARAMETERS.window + 1)) * 1.2);
  });

  test('depends on the key: another key shares (next to) nothing, the same key gives the same hashes', () => {
    const { text } = loadCorpus().find((entry) => entry.name === 'english')!;
    const long = Array.from({ length: 20 }, () => text).join(' ') + ' the end';
    expect(computeFingerprint(long, KEY)).toEqual(computeFingerprint(long, KEY));
    expect(sharedHashCount(computeFingerprint(long, KEY), computeFingerprint(long, OTHER_KEY))).toBe(0);
  });

  test('is empty for a text shorter than one shingle', () => {
    expect(fingerprint('').hashes.length).toBe(0);
    expect(fingerprint('one two three').hashes.length).toBe(0);
    expect(fingerprint(Array.from({ length: SHINGLE_WORDS }, (_, i) => `w${i}`).join(' ')).hashes.length).toBe(1);
  });

  test('refuses a key of the wrong size', () => {
    expect(() => fingerprintKey(new Uint8Array(16))).toThrow(/32 bytes/);
  });
});
