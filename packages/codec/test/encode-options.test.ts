import { describe, expect, test } from 'vitest';
import { encode } from 'wm-watermark-codec/encode';
import type { EncodeOptions } from 'wm-watermark-codec/types';

const TEXT = 'The quick brown fox jumps over the lazy dog';

describe('encode options and stats', () => {
  test.each<[string, EncodeOptions]>([
    ['chunkSize 0', { method: 'chunked', chunkSize: 0 }],
    ['chunkSize 1.5', { method: 'chunked', chunkSize: 1.5 }],
    ['chunkSize NaN', { chunkSize: Number.NaN }],
    ['unknown method', { method: 'bogus' as never }],
    ['unknown output', { output: 'html' as never }],
    ['short key', { key: new Uint8Array(31) }],
  ])('%s → INVALID_INPUT', (_, options) => {
    expect(() => encode(TEXT, 'x', options)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });

  test('empty secret and lone surrogates → INVALID_INPUT', () => {
    expect(() => encode(TEXT, '')).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    expect(() => encode(TEXT, 'a\uD800')).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });

  test('CARRIER_TOO_SHORT carries the carrier count that would fit', () => {
    // "hello" → frame of 3 + 5 + 4 = 12 bytes
    expect(() => encode('abc', 'hello', { method: 'single' })).toThrow(
      expect.objectContaining({ code: 'CARRIER_TOO_SHORT', requiredLength: 12 }),
    );
    expect(() => encode('ab', 'hello', { method: 'chunked', chunkSize: 5 })).toThrow(
      expect.objectContaining({
        code: 'CARRIER_TOO_SHORT',
        requiredLength: 3,
        message: expect.stringContaining('Text too short'),
      }),
    );
    expect(() => encode('   ', 'hello')).toThrow(
      expect.objectContaining({ code: 'CARRIER_TOO_SHORT', requiredLength: 1 }),
    );
    expect(() => encode('', 'hello', { method: 'char' })).toThrow(
      expect.objectContaining({ code: 'CARRIER_TOO_SHORT', requiredLength: 1 }),
    );
  });

  test('stats: code points, UTF-8 secret bytes, chunkSize only for single/chunked, method used', () => {
    const single = encode('naïve 😀 text here and more', 'é😀', { method: 'single' });
    expect(single.stats).toEqual({
      originalLength: 26,
      secretLength: 6,
      encodedLength: 26 + 13,
      chunkSize: 1,
      method: 'single',
    });
    const char = encode('word', 'x', { method: 'char' });
    expect(char.stats).toEqual({ originalLength: 4, secretLength: 1, encodedLength: 4 + 8, method: 'char' });
    expect(encode(TEXT, 'x', { method: 'pattern', pattern: 'fox' }).stats).not.toHaveProperty('chunkSize');
  });

  test('keyed output differs every time (random nonce) but the text is untouched', () => {
    const key = new Uint8Array(32).fill(3);
    const a = encode(TEXT, 'same', { key });
    const b = encode(TEXT, 'same', { key });
    expect(a.encoded).not.toBe(b.encoded);
    expect(a.keyed).toBe(true);
  });
});
