import { describe, expect, test } from 'vitest';
import { analyze } from 'wm-watermark-codec/analyze';
import { encode } from 'wm-watermark-codec/encode';

describe('analyze', () => {
  test('counts graphemes and payload selectors (spec fields)', () => {
    const original = 'I ❤️ NY 👨‍👩‍👧 é';
    const { encoded } = encode(original, 'hi', { method: 'chunked', chunkSize: 2, markWordEnds: true });
    const frameBytes = 9;
    expect(analyze(encoded, original)).toEqual({
      original_length: 10,
      encoded_length: 10 + frameBytes,
      encoded_bytes: frameBytes,
      ratio: 19 / 10,
      base_characters: 10,
      variation_selectors: frameBytes,
    });
  });

  test('without original: original_length and ratio are 0', () => {
    expect(analyze('plain ❤️')).toEqual({
      original_length: 0,
      encoded_length: 7,
      encoded_bytes: 0,
      ratio: 0,
      base_characters: 7,
      variation_selectors: 0,
    });
  });
});
