import fc from 'fast-check';
import { expect } from 'vitest';
import {
  CodecError,
  analyze,
  decode,
  decodeRobust,
  encode,
  encodeRobust,
  reveal,
  revealText,
  strip,
} from 'wm-watermark-codec';

const KEY = new Uint8Array(32).fill(7);

/** Variation selectors of both planes, and the neighbours a parser must not confuse with them. */
const selector = fc.oneof(
  fc.integer({ min: 0xfe00, max: 0xfe0f }).map((code) => String.fromCodePoint(code)),
  fc.integer({ min: 0xe0100, max: 0xe01ef }).map((code) => String.fromCodePoint(code)),
  fc.constantFrom('\u200d', '\u200b', '\ufeff', '\u{e0001}', '\u{e007f}', '\u{e01f0}', '\ufdff', '\ufe10'),
);
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const anyCodePoint = fc.integer({ min: 0, max: 0x10ffff }).map((code) => String.fromCodePoint(code));
const piece = fc.oneof(
  { weight: 4, arbitrary: anyCodePoint },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
  { weight: 2, arbitrary: selector },
  { weight: 1, arbitrary: loneSurrogate },
  { weight: 1, arbitrary: fc.tuple(selector, fc.integer({ min: 1, max: 400 })).map(([s, n]) => s.repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom('a', ' ', 'é', '👍', '\n', '葛') },
);

/** Arbitrary strings over all planes: unpaired surrogates, long selector runs, mixed scripts. */
export const hostileText = fc.array(piece, { maxLength: 60 }).map((pieces) => pieces.join(''));

/** Calls `run`; anything thrown must be a CodecError. */
function onlyCodecErrors<T>(run: () => T): T | CodecError {
  try {
    return run();
  } catch (error) {
    expect(error, String(error)).toBeInstanceOf(CodecError);
    return error as CodecError;
  }
}

/** decode, decodeRobust, analyze, strip and reveal on any string: a result or a CodecError, nothing else. */
export function neverThrowOthers(numRuns: number): void {
  fc.assert(
    fc.property(hostileText, fc.option(hostileText), fc.boolean(), (text, original, keyed) => {
      const key = keyed ? { key: KEY } : {};
      onlyCodecErrors(() => decode(text, key));
      onlyCodecErrors(() => decodeRobust(text, key));
      onlyCodecErrors(() => analyze(text, original ?? undefined));
      onlyCodecErrors(() => strip(text));
      onlyCodecErrors(() => reveal(text));
      onlyCodecErrors(() => revealText(text));
    }),
    { numRuns },
  );
}

/** One random edit of a text: insert, delete or replace a stretch with hostile material, at any UTF-16 offset. */
const mutation = fc.record({
  kind: fc.constantFrom('insert', 'delete', 'replace', 'duplicate'),
  at: fc.nat(),
  length: fc.integer({ min: 1, max: 12 }),
  material: hostileText,
});
type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

function mutate(text: string, edits: Mutation[]): string {
  let result = text;
  for (const { kind, at, length, material } of edits) {
    const start = at % (result.length + 1);
    const end = Math.min(result.length, start + length);
    if (kind === 'insert') result = result.slice(0, start) + material + result.slice(start);
    if (kind === 'delete') result = result.slice(0, start) + result.slice(end);
    if (kind === 'replace') result = result.slice(0, start) + material + result.slice(end);
    if (kind === 'duplicate') result = result.slice(0, end) + result.slice(start, end) + result.slice(end);
  }
  return result;
}

const carrier = fc.oneof(
  fc.constant('Every word of this sentence can carry a little of the hidden message for us.'),
  fc.string({ unit: 'grapheme', minLength: 40, maxLength: 120 }),
);
const secretText = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 });

/**
 * A damaged watermark never turns into another secret: decode of a mutated encoded text gives the original secret
 * (every watermark it lists) or a CodecError; decodeRobust gives the secret, `is_encoded: false` or a CodecError.
 */
export function neverInventSecrets(numRuns: number): void {
  fc.assert(
    fc.property(
      carrier,
      secretText,
      fc.boolean(),
      fc.array(mutation, { minLength: 1, maxLength: 4 }),
      (text, secret, keyed, edits) => {
        const key = keyed ? { key: KEY } : {};
        let encoded: string;
        try {
          encoded = encode(text, secret, { ...key }).encoded;
        } catch (error) {
          expect((error as CodecError).code).toBe('CARRIER_TOO_SHORT');
          return;
        }
        const decoded = onlyCodecErrors(() => decode(mutate(encoded, edits), key));
        if (!(decoded instanceof CodecError)) {
          for (const found of decoded.watermarks) expect(found.decoded).toBe(secret);
        }
      },
    ),
    { numRuns },
  );
  fc.assert(
    fc.property(
      secretText,
      fc.boolean(),
      fc.array(mutation, { minLength: 1, maxLength: 4 }),
      (secret, keyed, edits) => {
        const key = keyed ? { key: KEY } : {};
        const line =
          'Robust marks need a long carrier: one bit of the frame per character, so here is plenty of text. ';
        // at least six lines, and always the 8 × secret bytes the robust codec requires (a grapheme can be many bytes)
        const text = line.repeat(Math.max(6, Math.ceil((8 * Buffer.byteLength(secret)) / line.length) + 1));
        const { watermarked } = encodeRobust(text, secret, { ...key, seed: 1 });
        const decoded = onlyCodecErrors(() => decodeRobust(mutate(watermarked, edits), key));
        if (!(decoded instanceof CodecError) && decoded.is_encoded) expect(decoded.decoded).toBe(secret);
      },
    ),
    { numRuns },
  );
}
