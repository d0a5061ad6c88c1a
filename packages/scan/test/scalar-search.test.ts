import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encode } from 'wm-watermark-codec/encode';
import { ByteSearch } from '../src/byte-search.js';
import { PATTERNS, passOver } from '../src/prefilter.js';
import { ScalarSearch } from '../src/scalar-search.js';
import { scanFile } from '../src/scan-file.js';

// The two searches of the prefilter, built from its own patterns and pass-over rules, report the same places in the
// same order, over text of every script around every hidden character and over arbitrary bytes.

const wasm = new ByteSearch(PATTERNS, passOver());
const scalar = new ScalarSearch(PATTERNS, passOver());

const placesOf = (search: ByteSearch | ScalarSearch, bytes: Uint8Array): number[] => {
  const found: number[] = [];
  search.some(bytes, (offset) => (found.push(offset), offset + 1));
  return found;
};

/** Padding after the data: neither search then reads past the end, where each sees other bytes. */
const PADDING = [0x0a, 0x0a, 0x0a, 0x0a, 0x0a, 0x0a, 0x0a, 0x0a];

const PIECES = [
  'a',
  'Z',
  ' ',
  '\n',
  'é',
  'ж',
  'ש',
  'ب',
  'क्ष',
  'ก',
  'ខ',
  '葛',
  '❤',
  '©',
  '♀',
  '😀',
  '👨',
  '🏴',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\u202E',
  '\u00AD',
  '\u180B',
  '\u180E',
  '\uFE0E',
  '\uFE0F',
  '\uFE00',
  '\uFEFF',
  '\u{E0041}',
  '\u{E007F}',
  '\u{E0100}',
  '\u{E01EF}',
  '\u3164',
];

describe('the scalar search agrees with the WebAssembly one', () => {
  it('on text of every script around every hidden character (fuzzed)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 60 }), (parts) => {
        const bytes = Uint8Array.from([...Buffer.from(parts.join('')), ...PADDING]);
        expect(placesOf(scalar, bytes)).toEqual(placesOf(wasm, bytes));
      }),
      { numRuns: 3000, seed: 11 },
    );
  });

  it('on arbitrary bytes, well-formed or not (fuzzed)', () => {
    const byte = fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(0xe2, 0x80, 0x8d, 0xef, 0xb8, 0xf3, 0xa0));
    fc.assert(
      fc.property(fc.array(byte, { minLength: 1, maxLength: 200 }), (data) => {
        const bytes = Uint8Array.from([...data, ...PADDING]);
        expect(placesOf(scalar, bytes)).toEqual(placesOf(wasm, bytes));
      }),
      { numRuns: 3000, seed: 12 },
    );
  });

  it('in data read into its own buffer, and in a window of a larger one', () => {
    const text = Buffer.from(`${PIECES.join('x')}\n`.repeat(50));
    for (const search of [wasm, scalar]) {
      const own = search.buffer(text.length);
      text.copy(own);
      expect(placesOf(search, own.subarray(0, text.length - 8))).toEqual(
        placesOf(wasm, text.subarray(0, text.length - 8)),
      );
    }
  });

  it('a scan that selects it reports what the WebAssembly one does, file for file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wm-scalar-'));
    try {
      const marked = encode('The quick brown fox jumps over the lazy dog again.', 'copy #9').encoded;
      const texts = [marked, 'plain\n', 'I ❤️ NY 👨‍👩‍👧\n', `zero\u200Bwidth\n${'x'.repeat(20_000)}\ntag\u{E0041}\n`];
      for (const [k, text] of texts.entries()) {
        const path = join(dir, `${k}.txt`);
        writeFileSync(path, text);
        const viaScalar = await scanFile(path, { positions: 5, search: 'scalar' });
        expect(viaScalar).toEqual(await scanFile(path, { positions: 5, search: 'wasm' }));
        expect(await scanFile(path, { positions: 5, search: 'scalar' }, false)).toEqual(
          await scanFile(path, { positions: 5, search: 'wasm' }, false),
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
