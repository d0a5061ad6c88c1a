import { describe, expect, test } from 'vitest';
import { decode } from 'wm-watermark-codec/decode';
import { encode } from 'wm-watermark-codec/encode';
import type { EncodeOptions } from 'wm-watermark-codec/types';
import { failureOf } from './codec-failure.js';

const CHINESE = '东京的春天很美，游客很多。';
const ascii = (bytes: number): string => 'a1-'.repeat(bytes).slice(0, bytes);

// A CARRIER_TOO_SHORT that gives a required length must be right: a text that long encodes. One that more text
// cannot cure (ASCII bytes after ideographs gather in one run, and char holds 256 per grapheme) says what would work.
describe('capacity errors say what would work', () => {
  const methods: EncodeOptions[] = [
    { method: 'auto' },
    { method: 'char' },
    { method: 'single' },
    { method: 'chunked' },
  ];
  for (const options of methods) {
    for (const bytes of [200, 250, 300, 600]) {
      test(`Chinese, ${bytes}-byte ASCII secret, method ${options.method}`, () => {
        const secret = ascii(bytes);
        for (const copies of [1, 8, 40]) {
          const text = CHINESE.repeat(copies);
          let failure;
          try {
            expect(decode(encode(text, secret, options).encoded).decoded).toBe(secret);
            continue;
          } catch {
            failure = failureOf(() => encode(text, secret, options));
          }
          expect(failure.code).toBe('CARRIER_TOO_SHORT');
          if (failure.requiredLength === undefined) {
            expect(failure.message).toMatch(/More ideographs do not help; what does: method chunked or single/);
            for (const works of [
              { method: 'chunked', chunkSize: bytes + 16 },
              { method: 'char', firstLetterOnly: true },
            ]) {
              expect(decode(encode(text, secret, works as EncodeOptions).encoded).decoded).toBe(secret);
            }
          } else {
            // as many ideographs as it asks for are enough
            const longer = CHINESE.repeat(Math.ceil(failure.requiredLength / 11) + 1);
            expect(decode(encode(longer, secret, options).encoded).decoded).toBe(secret);
          }
        }
      });
    }
  }
});
