import { describe, expect, test } from 'vitest';
import { CodecError, decode, decodeRobust, encode, encodeRobust } from 'wm-watermark-codec';
import { neverInventSecrets, neverThrowOthers } from './codec-fuzz.js';

describe('codec fuzzing (quick; npm run test:stress runs many more cases)', () => {
  test('decode, decodeRobust, analyze, strip and reveal throw nothing but CodecError on arbitrary strings', () => {
    neverThrowOthers(500);
  });

  test('a mutated watermark yields the original secret or a CodecError, never another secret', () => {
    neverInventSecrets(300);
  });
});

describe('what the large fuzz runs found', () => {
  test('a chunked watermark that lost its first graphemes is CORRUPTED, not a raw secret made of its remains', () => {
    const text = '✩;;     𐀀  𐀀 𐀀  𐀀       𐀀 𐀀  𐀀Ṹ𐀀 𐀀𐀀 𐀀𐀀 𐀀𐀀  ';
    const encoded = encode(text, ',ᚱ', { markWordEnds: true }).encoded; // the placement the fuzz run found it with
    // the quote starts after the frame's header (a ZWJ in its place); one more payload byte is lost further on
    const cut = `\u200d${encoded.slice(7)}`;
    const quoted = `${cut.slice(0, 22)}${cut.slice(26)}`;
    expect(() => decode(quoted)).toThrow(expect.objectContaining({ code: 'CORRUPTED' }));
  });

  test('decodeRobust survives a run of selectors in front of a robust watermark (no stack overflow)', () => {
    const text =
      'Robust marks need a long carrier: one bit of the frame per character, so here is plenty of text. '.repeat(6);
    const { watermarked } = encodeRobust(text, ' ', { seed: 1 });
    let outcome: string;
    try {
      outcome = decodeRobust(`${'\u{E0172}'.repeat(19)}${watermarked}`).decoded;
    } catch (error) {
      outcome = error instanceof CodecError ? error.code : String(error);
    }
    expect([' ', 'CORRUPTED']).toContain(outcome);
  });
});
