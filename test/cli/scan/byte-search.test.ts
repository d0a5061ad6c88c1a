import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteSearch, type BytePattern } from '../../../src/cli/scan/byte-search.js';

// The WebAssembly search behind scan's prefilter finds exactly the places a byte-by-byte reading finds, wherever
// they fall against its sixteen-byte vectors, in data copied in or read into its own memory.

const PATTERNS: BytePattern[] = [
  { lead: 0xf3, second: 0xa0, thirds: null },
  { lead: 0xef, second: 0xb8, thirds: [0x80, 0x8f] },
  { lead: 0xef, second: 0xbb, thirds: [0xbf] },
  { lead: 0xe2, second: 0x80, thirds: [0x8b, 0xae] },
  { lead: 0xe1, second: 0x9e, thirds: [0xb4] },
];

/** The places a byte-by-byte reading finds (a pattern running past the end may be reported or not). */
function expected(bytes: Uint8Array): { sure: number[]; maybe: number[] } {
  const sure: number[] = [];
  const maybe: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    for (const { lead, second, thirds } of PATTERNS) {
      if (bytes[i] !== lead) continue;
      if (i + 1 >= bytes.length || (i + 2 >= bytes.length && thirds !== null)) {
        maybe.push(i);
        continue;
      }
      if (bytes[i + 1] === second && (thirds === null || thirds.includes(bytes[i + 2]))) sure.push(i);
    }
  }
  return { sure, maybe };
}

describe('ByteSearch', () => {
  const search = new ByteSearch(PATTERNS);
  const alphabet = [0x61, 0xf3, 0xa0, 0xef, 0xb8, 0xbb, 0xbf, 0x80, 0x8f, 0xe2, 0x8b, 0xae, 0xe1, 0x9e, 0xb4, 0x00];

  it('finds every place, in order, in copied data and in its own memory', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 200 }), (values) => {
        const bytes = Uint8Array.from(values);
        const { sure, maybe } = expected(bytes);
        const found: number[] = [];
        search.some(bytes, (offset) => (found.push(offset), false));
        expect(found.filter((offset) => !maybe.includes(offset))).toEqual(sure);
        const own = search.buffer(bytes.length);
        own.set(bytes);
        const foundInPlace: number[] = [];
        search.some(own.subarray(0, bytes.length), (offset) => (foundInPlace.push(offset), false));
        expect(foundInPlace.filter((offset) => !maybe.includes(offset))).toEqual(sure);
      }),
      { numRuns: 2000, seed: 5 },
    );
  });

  it('stops at the first place the caller accepts, and grows its memory for large data', () => {
    const large = new Uint8Array(3 << 20).fill(0x61);
    large.set([0xe2, 0x80, 0x8b], 2_500_000);
    large.set([0xf3, 0xa0, 0x84], 3_000_000);
    const seen: number[] = [];
    expect(search.some(large, (offset) => (seen.push(offset), offset === 2_500_000))).toBe(true);
    expect(seen).toEqual([2_500_000]);
    expect(search.some(large.subarray(0, 1000), () => true)).toBe(false);
  });
});
