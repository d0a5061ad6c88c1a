import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { findC2paWrappers, type C2paWrapper } from 'wm-watermark-codec/c2pa';
import { decode } from 'wm-watermark-codec/decode';
import { encode } from 'wm-watermark-codec/encode';
import { CodecError } from 'wm-watermark-codec/errors';
import { decodeRobust, encodeRobust } from 'wm-watermark-codec/robust';
import { forEachSelectorRun } from 'wm-watermark-codec/scan';
import { selectorsForBytes } from 'wm-watermark-codec/selectors';
import { strip } from 'wm-watermark-codec/strip';
import type { EncodeOptions } from 'wm-watermark-codec/types';
import { jumbfStore, wrapperBytes } from './c2pa-fixtures.js';

// Wrappers the tests build, damaged the ways text gets damaged (cut anywhere, a selector lost or changed, the U+FEFF
// trimmed as a byte order mark, padding added), placed anywhere in texts with or without our watermark. Whatever
// happens, decode never returns a secret that is not ours.

type Damage =
  | { kind: 'cut'; keep: number }
  | { kind: 'change'; at: number; byte: number }
  | { kind: 'delete'; at: number }
  | { kind: 'no marker' }
  | { kind: 'pad'; bytes: number[] };

const damage: fc.Arbitrary<Damage> = fc.oneof(
  fc.record({ kind: fc.constant('cut' as const), keep: fc.nat({ max: 120 }) }),
  fc.record({ kind: fc.constant('change' as const), at: fc.nat({ max: 120 }), byte: fc.nat({ max: 255 }) }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat({ max: 120 }) }),
  fc.constant<Damage>({ kind: 'no marker' }),
  fc.record({
    kind: fc.constant('pad' as const),
    bytes: fc.array(fc.constantFrom(0x00, 0x10, 0xff), { maxLength: 12 }),
  }),
);

interface BuiltWrapper {
  text: string;
  /** whether the damage left a wrapper that C2PA itself would read */
  wellFormed: boolean;
}

const wrapper: fc.Arbitrary<BuiltWrapper> = fc
  .record({
    label: fc.constantFrom('c2pa', 'c2pa.store', 'x'),
    content: fc.uint8Array({ maxLength: 60 }),
    damages: fc.array(damage, { maxLength: 2 }),
  })
  .map(({ label, content, damages }) => {
    let bytes = [...wrapperBytes({ store: jumbfStore(label, [...content]) })];
    let marker = true;
    for (const change of damages) {
      if (change.kind === 'cut') bytes = bytes.slice(0, change.keep);
      if (change.kind === 'change' && change.at < bytes.length) bytes[change.at] = change.byte;
      if (change.kind === 'delete') bytes.splice(change.at, 1);
      if (change.kind === 'no marker') marker = false;
      if (change.kind === 'pad') bytes.push(...change.bytes);
    }
    const wellFormed = damages.every((change) => change.kind === 'pad');
    return {
      text: `${marker ? '\uFEFF' : ''}${selectorsForBytes(Uint8Array.from(bytes))}`,
      wellFormed,
      bytes: bytes.length,
      marker,
    };
  })
  // The one damage nothing can see through: a wrapper that lost its U+FEFF *and* was cut inside its 8-byte magic is
  // a few selectors spelling "C2PA…" on the character before them (docs/FORMAT.md says so). With its U+FEFF, any
  // run is safe: one that is no wrapper any more (its "C" lost, then cut) is no raw secret either.
  .filter((built) => built.marker || built.bytes >= 8);

const cleanText = fc
  .oneof(
    fc.string({ unit: 'grapheme', maxLength: 60 }),
    fc
      .array(
        fc.constantFrom(
          'The ',
          'quick ',
          '❤️',
          ' 葛',
          '中文',
          'é',
          'e\u0301',
          '\n',
          'ภาษาไทย ',
          '👨‍👩‍👧',
          '1️⃣',
          '©',
          'fox. ',
        ),
        {
          maxLength: 30,
        },
      )
      .map((parts) => parts.join('')),
  )
  .filter((text) => strip(text) === text);

/** `insert` put into `text` at a code point boundary chosen by `where` (0 = start, 1 = end). */
function placed(text: string, insert: string, where: number): string {
  const points = [...text];
  const at = Math.round(where * points.length);
  return points.slice(0, at).join('') + insert + points.slice(at).join('');
}

const where = fc.oneof(fc.constant(0), fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true }));

/** The secrets decode returns for the text; [] when it fails (it may fail, it may not invent). */
function secretsOf(text: string, read: (text: string) => string[]): { secrets: string[]; error?: CodecError } {
  try {
    return { secrets: read(text) };
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
    return { secrets: [], error };
  }
}

const readAll = (text: string): string[] => decode(text).watermarks.map((found) => found.decoded);

const scanned = (text: string): C2paWrapper[] => {
  const found: C2paWrapper[] = [];
  forEachSelectorRun(
    text,
    () => undefined,
    (one) => found.push(one),
  );
  return found;
};

describe('fuzzing: a C2PA wrapper never yields a secret', () => {
  test('a text with only a (damaged) wrapper: no secret; a well-formed one is NO_WATERMARK, never CORRUPTED', () => {
    fc.assert(
      fc.property(cleanText, wrapper, where, (text, built, at) => {
        const marked = placed(text, built.text, at);
        const { secrets, error } = secretsOf(marked, readAll);
        expect(secrets).toEqual([]);
        if (built.wellFormed) {
          expect(error?.code).toBe('NO_WATERMARK');
          expect(error?.c2pa).toMatchObject({ valid: true, wrappers: 1 });
        }
        // decode-robust finds no secret either (selectors that are no wrapper may look like marks: CORRUPTED then)
        const robust = secretsOf(marked, (text) => {
          const result = decodeRobust(text);
          // the decode scan, the robust scan and the search meet the same wrappers
          expect(result.c2pa).toEqual(error?.c2pa);
          return result.is_encoded ? [result.decoded] : [];
        });
        expect(robust.secrets).toEqual([]);
        if (built.wellFormed) expect(robust.error).toBeUndefined();
        expect(scanned(marked)).toEqual(findC2paWrappers(marked));
      }),
      { numRuns: 400 },
    );
  });

  test('beside our watermark: exactly our secret, whatever the wrapper, wherever it is', () => {
    const options = fc.constantFrom<EncodeOptions>(
      {},
      { method: 'single' },
      { method: 'chunked', chunkSize: 2 },
      { method: 'char' },
    );
    fc.assert(
      fc.property(cleanText, wrapper, where, fc.boolean(), options, (text, built, at, before, encodeOptions) => {
        const carrier = `${text} the quick brown fox jumps over the lazy dog and more words to carry it`;
        // a wrapper in the text before it was marked (refused when framed: marks would break its binding), or one
        // put into the marked text afterwards
        const withWrapper = placed(carrier, built.text, at);
        const refused = findC2paWrappers(withWrapper).some((found) => found.framed);
        if (refused)
          expect(secretsOf(withWrapper, (text) => [encode(text, 'x').encoded]).error?.code).toBe('INVALID_INPUT');
        const marked =
          before && !refused
            ? encode(withWrapper, 'our secret', encodeOptions).encoded
            : placed(encode(carrier, 'our secret', encodeOptions).encoded, built.text, at === 0 ? 0 : 1);
        const { secrets, error } = secretsOf(marked, readAll);
        if (built.wellFormed) expect(error).toBeUndefined();
        for (const secret of secrets) expect(secret).toBe('our secret');
      }),
      { numRuns: 300 },
    );
  });

  test('a damaged wrapper survives encode and strip byte for byte; encode refuses a framed one', () => {
    fc.assert(
      fc.property(cleanText, wrapper, where, (text, built, at) => {
        const carrier = placed(`${text} several words of carrier text here`, built.text, at);
        const wrappers = findC2paWrappers(carrier);
        fc.pre(wrappers.length > 0);
        const slices = (of: string) => findC2paWrappers(of).map((found) => of.slice(found.index, found.end));
        const encoding = () => encode(carrier, 'kept?', { method: 'chunked', chunkSize: 1 });
        if (wrappers.some((found) => found.framed)) {
          expect(secretsOf(carrier, (text) => [encode(text, 'x').encoded]).error?.code).toBe('INVALID_INPUT');
          return;
        }
        const result = encoding();
        expect(slices(result.encoded)).toEqual(slices(carrier));
        expect(result.warnings).toHaveLength(1);
        expect(slices(strip(result.encoded))).toEqual(slices(carrier));
        expect(findC2paWrappers(strip(result.encoded, { all: true }))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  test('robust: the wrapper adds no marks, our copies still vote', () => {
    const carrier = 'The quick brown fox jumps over the lazy dog. '.repeat(10);
    fc.assert(
      fc.property(wrapper, where, (built, at) => {
        const withWrapper = placed(carrier, built.text, at);
        const framed = findC2paWrappers(withWrapper).some((found) => found.framed);
        // a framed wrapper goes in after the marks (encode-robust refuses it before), a damaged one may go in before
        const watermarked = framed
          ? placed(encodeRobust(carrier, 'rb', { seed: 5 }).watermarked, built.text, at === 0 ? 0 : 1)
          : encodeRobust(withWrapper, 'rb', { seed: 5 }).watermarked;
        const { secrets } = secretsOf(watermarked, (text) => {
          const result = decodeRobust(text);
          return result.is_encoded ? [result.decoded] : [];
        });
        expect(secrets).toEqual(['rb']);
      }),
      { numRuns: 150 },
    );
  });
});
