import { describe, expect, test } from 'vitest';
import { analyze } from 'wm-watermark-codec/analyze';
import { findC2paWrappers } from 'wm-watermark-codec/c2pa';
import { decode } from 'wm-watermark-codec/decode';
import { encode, encodeInsertions } from 'wm-watermark-codec/encode';
import { reveal, revealText } from 'wm-watermark-codec/reveal';
import { decodeRobust, encodeRobust } from 'wm-watermark-codec/robust';
import { selectorsForBytes } from 'wm-watermark-codec/selectors';
import { strip } from 'wm-watermark-codec/strip';
import type { EncodeOptions } from 'wm-watermark-codec/types';
import { STORE_67, c2paWrapper, cutWrapper, jumbfStore, markedThenSigned } from './c2pa-fixtures.js';
import { failureOf } from './codec-failure.js';

const SENTENCE = 'The quick brown fox jumps over the lazy dog.';
const LONG = `${SENTENCE} `.repeat(12);
const WRAPPER = c2paWrapper();
const WITH_MANIFEST = SENTENCE + WRAPPER;
const MANIFEST_REPORT = { offset: SENTENCE.length, version: 1, length: 67, label: 'c2pa', valid: true, wrappers: 1 };

/** The texts of every wrapper in the text, in order. */
const wrapperTexts = (text: string): string[] =>
  findC2paWrappers(text).map((wrapper) => text.slice(wrapper.index, wrapper.end));

describe('decode beside a C2PA manifest', () => {
  test('only a manifest: NO_WATERMARK saying a C2PA manifest is present, with the report (was: CORRUPTED)', () => {
    const failure = failureOf(() => decode(WITH_MANIFEST));
    expect(failure.code).toBe('NO_WATERMARK');
    expect(failure.message).toBe(
      `No wm watermark found in text, only a C2PA manifest v1, 67 bytes at offset ${SENTENCE.length} (valid framing)`,
    );
    expect(failure.c2pa).toEqual(MANIFEST_REPORT);
  });

  test('a damaged manifest alone is still no watermark of ours, never CORRUPTED', () => {
    for (const text of [
      SENTENCE + cutWrapper(WRAPPER, 30),
      SENTENCE + cutWrapper(WRAPPER, 4),
      SENTENCE + c2paWrapper({ declaredLength: 5000 }),
      SENTENCE + c2paWrapper({ version: 7 }),
      SENTENCE + c2paWrapper({ marker: false }),
      c2paWrapper({ marker: false }) + SENTENCE,
      `${WRAPPER}${SENTENCE}${WRAPPER}`,
    ]) {
      const failure = failureOf(() => decode(text));
      expect(failure.code, JSON.stringify(text)).toBe('NO_WATERMARK');
      expect(failure.c2pa).toBeDefined();
    }
  });

  test.each<[string, EncodeOptions]>([
    ['auto', {}],
    ['single', { method: 'single' }],
    ['chunked 3', { method: 'chunked', chunkSize: 3 }],
    ['char', { method: 'char' }],
  ])('our watermark and a manifest (%s): our secret, the manifest beside it', (_, options) => {
    for (const carrier of [
      WITH_MANIFEST,
      WRAPPER + SENTENCE,
      `The quick brown ${WRAPPER}fox jumps over the lazy dog.`,
    ]) {
      const encoded = markedThenSigned(carrier, (text) => encode(text, 'ID-42', options).encoded);
      const result = decode(encoded);
      expect(result).toMatchObject({ decoded: 'ID-42', watermarks: [{ decoded: 'ID-42', keyed: false }] });
      expect(result.c2pa).toMatchObject({ version: 1, length: 67, valid: true, wrappers: 1 });
    }
  });

  test('keyed watermarks read beside a manifest; a wrong key is still KEY_MISMATCH, with the report', () => {
    const key = new Uint8Array(32).fill(3);
    const encoded = markedThenSigned(WITH_MANIFEST, (text) => encode(text, 'sealed', { key }).encoded);
    expect(decode(encoded, { key })).toMatchObject({ decoded: 'sealed', keyed: true, c2pa: { valid: true } });
    const failure = failureOf(() => decode(encoded, { key: new Uint8Array(32).fill(4) }));
    expect(failure.code).toBe('KEY_MISMATCH');
    expect(failure.c2pa).toMatchObject({ valid: true });
  });

  test('what is left of a wrapper after a U+FEFF is no raw secret, even with rawRuns; a raw run on a letter is', () => {
    const left = selectorsForBytes(new TextEncoder().encode('2PATXT'));
    expect(failureOf(() => decode(`${SENTENCE}\uFEFF${left}`)).code).toBe('CORRUPTED');
    expect(failureOf(() => decode(`${SENTENCE}\uFEFF${left}`, { rawRuns: true })).code).toBe('CORRUPTED');
    expect(failureOf(() => decode(`${SENTENCE}${left}`)).code).toBe('CORRUPTED');
    expect(decode(`${SENTENCE}${left}`, { rawRuns: true }).decoded).toBe('2PATXT');
  });

  test('no manifest: the answers do not change (no c2pa field)', () => {
    expect(decode(encode(SENTENCE, 'x').encoded)).not.toHaveProperty('c2pa');
    expect(failureOf(() => decode(SENTENCE))).toMatchObject({
      code: 'NO_WATERMARK',
      message: 'No watermark found in text',
    });
    expect(failureOf(() => decode(SENTENCE)).c2pa).toBeUndefined();
  });
});

describe('decode-robust beside a C2PA manifest', () => {
  test('only a manifest: not encoded, the manifest reported', () => {
    const result = decodeRobust(LONG + WRAPPER);
    expect(result).toMatchObject({ is_encoded: false, decoded: '', stats: { extracted_bit_count: 0 } });
    expect(result.c2pa).toEqual({ ...MANIFEST_REPORT, offset: LONG.length });
  });

  test('its selectors are no robust marks: a damaged copy plus a manifest still gives our secret', () => {
    for (const carrier of [LONG + WRAPPER, WRAPPER + LONG, LONG.slice(0, 200) + WRAPPER + LONG.slice(200)]) {
      const watermarked = markedThenSigned(carrier, (text) => encodeRobust(text, 'hi', { seed: 7 }).watermarked);
      expect(decodeRobust(watermarked)).toMatchObject({ decoded: 'hi', is_encoded: true, c2pa: { valid: true } });
    }
  });
});

describe('analyze, reveal and strip', () => {
  test('analyze counts the manifest apart from our bytes', () => {
    const encoded = markedThenSigned(WITH_MANIFEST, (text) => encode(text, 'ab', { method: 'single' }).encoded);
    const result = analyze(encoded, WITH_MANIFEST);
    // the offset is the manifest's in the encoded text, after our 9 selectors
    expect(result).toMatchObject({
      encoded_bytes: 9,
      variation_selectors: 9,
      c2pa_bytes: 80,
      c2pa: { ...MANIFEST_REPORT, offset: 53 },
    });
    expect(result.base_characters).toBe(SENTENCE.length);
    expect(result.original_length).toBe(SENTENCE.length);
    expect(result.encoded_length).toBe(SENTENCE.length + 9);
    expect(analyze(WITH_MANIFEST)).toMatchObject({
      encoded_bytes: 0,
      variation_selectors: 0,
      c2pa_bytes: 80,
      base_characters: SENTENCE.length,
    });
    expect(analyze(encode(SENTENCE, 'ab').encoded)).not.toHaveProperty('c2pa_bytes');
  });

  test('reveal shows a manifest as one token, apart from our marks', () => {
    expect(revealText(WITH_MANIFEST)).toBe(`${SENTENCE}⟨C2PA manifest v1, 67 bytes⟩`);
    const marking = { method: 'char', firstLetterOnly: true } as const;
    const encoded = markedThenSigned(WITH_MANIFEST, (text) => encode(text, 'ab', marking).encoded);
    expect(revealText(encoded)).toMatch(
      /^T⟨VS·f7 00 02 61 62 [^⟩]+⟩he quick brown fox jumps over the lazy dog\.⟨C2PA manifest v1, 67 bytes⟩$/,
    );
    const segments = reveal(WITH_MANIFEST);
    expect(segments[1]).toEqual({ text: WRAPPER, hidden: true, label: 'C2PA manifest v1, 67 bytes' });
    expect(revealText(SENTENCE + cutWrapper(WRAPPER, 20))).toBe(
      `${SENTENCE}⟨C2PA manifest v1, 67 bytes: declares 67 manifest bytes, 6 present⟩`,
    );
    expect(revealText(SENTENCE + c2paWrapper({ marker: false }))).toBe(
      `${SENTENCE}⟨C2PA manifest v1, 67 bytes: no U+FEFF before it⟩`,
    );
  });

  test('strip keeps a manifest byte for byte, and --all removes it whole', () => {
    const marking = { method: 'chunked', chunkSize: 2 } as const;
    const encoded = markedThenSigned(WITH_MANIFEST, (text) => encode(text, 'secret', marking).encoded);
    expect(strip(encoded)).toBe(WITH_MANIFEST);
    expect(strip(encoded, { all: true })).toBe(SENTENCE);
    expect(strip(`${WRAPPER}${SENTENCE}\u200B`)).toBe(WRAPPER + SENTENCE);
    expect(strip(`${WRAPPER}${SENTENCE}`, { all: true })).toBe(SENTENCE);
    // a byte order mark before a manifest at the start stays, as a lone one does
    expect(strip(`\uFEFF${WRAPPER}${SENTENCE}`)).toBe(`\uFEFF${WRAPPER}${SENTENCE}`);
    expect(strip(`\uFEFF${WRAPPER}${SENTENCE}`, { all: true })).toBe(`\uFEFF${SENTENCE}`);
    // zero-width marks right before the marker go, the marker stays
    expect(strip(`${SENTENCE}\u200B\u2060${WRAPPER}`)).toBe(WITH_MANIFEST);
    // damaged and marker-less manifests are not ours either
    for (const kept of [cutWrapper(WRAPPER, 9), c2paWrapper({ marker: false }), c2paWrapper({ version: 9 })]) {
      expect(strip(SENTENCE + kept)).toBe(SENTENCE + kept);
    }
  });
});

describe('encode beside a C2PA manifest: mark first, sign last', () => {
  const framed: [string, string][] = [
    ['at the end', WITH_MANIFEST],
    ['at the start', WRAPPER + SENTENCE],
    ['in the middle', `The quick brown ${WRAPPER}fox jumps over the lazy dog.`],
    ['two of them', `${WRAPPER}The quick brown ${c2paWrapper({ store: jumbfStore('b') })}fox jumps over the lazy dog.`],
  ];
  const damaged = `The quick brown fox${c2paWrapper({ marker: false }).slice(0, 40)} jumps over the lazy dog.`;
  const methods = [
    {},
    { method: 'single' },
    { method: 'chunked', chunkSize: 1 },
    { method: 'char' },
  ] as EncodeOptions[];

  test.each(framed)(
    'a text that carries a manifest is refused: marks would break its hard binding (%s)',
    (_, carrier) => {
      for (const options of methods) {
        for (const run of [
          () => encode(carrier, 'a secret', options),
          () => encodeInsertions(carrier, 'a secret', options),
        ]) {
          const failure = failureOf(run);
          expect(failure.code).toBe('INVALID_INPUT');
          expect(failure.message).toMatch(
            /^the text carries a C2PA manifest .*: marks added now would break it\. Mark the text first and sign/,
          );
        }
      }
      expect(failureOf(() => encodeRobust(LONG + carrier, 'r', { seed: 3 })).code).toBe('INVALID_INPUT');
    },
  );

  test('a damaged wrapper (no longer framed) is kept byte for byte, never marked inside, with a warning', () => {
    const before = wrapperTexts(damaged);
    for (const options of methods) {
      const result = encode(damaged, 'a secret', options);
      expect(wrapperTexts(result.encoded)).toEqual(before);
      expect(strip(result.encoded)).toBe(damaged);
      expect(result.warnings).toHaveLength(1);
      expect(result.warnings![0]).toMatch(/^the text carries a C2PA manifest .* may no longer verify$/);
      // the insertions the CLI writes avoid it too
      for (const { index } of encodeInsertions(damaged, 'a secret', options).insertions) {
        for (const wrapper of findC2paWrappers(damaged))
          expect(index <= wrapper.index || index >= wrapper.end).toBe(true);
      }
    }
    const robust = encodeRobust(LONG + damaged, 'r', { seed: 3 });
    expect(wrapperTexts(robust.watermarked)).toEqual(before);
    expect(robust.warnings).toHaveLength(1);
  });

  test('no manifest, no warnings field', () => {
    expect(encode(SENTENCE, 's')).not.toHaveProperty('warnings');
    expect(encodeRobust(LONG, 's', { seed: 1 })).not.toHaveProperty('warnings');
    expect(encodeInsertions(SENTENCE, 's')).not.toHaveProperty('warnings');
  });

  test('the refusal names the manifest and the order', () => {
    expect(failureOf(() => encode(WITH_MANIFEST, 's')).message).toBe(
      `the text carries a C2PA manifest v1, 67 bytes at offset ${SENTENCE.length} (valid framing), whose hard ` +
        'binding covers the whole text: marks added now would break it. Mark the text first and sign it last, ' +
        'or remove the manifest (strip it) before marking and sign again',
    );
    expect(STORE_67.length).toBe(67);
  });
});
