import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BASE_LIMIT, ByteSearch, type BytePattern } from '../src/byte-search.js';
import { ScalarSearch } from '../src/scalar-search.js';

// The WebAssembly search behind scan's prefilter, and the scalar one beside it, find exactly the places a
// byte-by-byte reading finds, wherever they fall against the vectors, in data copied in or read into their memory.
// More lead and second bytes than the WebAssembly one has buckets for, so that some share one (and admit pairs no
// pattern begins with, which it must not report).

const PATTERNS: BytePattern[] = [
  { lead: 0xf3, second: 0xa0, thirds: null },
  { lead: 0xef, second: 0xb8, thirds: [0x80, 0x8f] },
  { lead: 0xef, second: 0xbb, thirds: [0xbf] },
  { lead: 0xe2, second: 0x80, thirds: [0x8b, 0xae] },
  { lead: 0xe1, second: 0x9e, thirds: [0xb4] },
  { lead: 0xe1, second: 0xa0, thirds: [0x8b] },
  { lead: 0xc2, second: 0xad, thirds: null },
  { lead: 0xcd, second: 0x8f, thirds: null },
  { lead: 0xd8, second: 0x9c, thirds: null },
  { lead: 0xe3, second: 0x85, thirds: [0xa4] },
  { lead: 0xef, second: 0xbe, thirds: [0xa0] },
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

describe.each([
  ['WebAssembly', ByteSearch],
  ['scalar', ScalarSearch],
])('%s search', (_, Search) => {
  const search = new Search(PATTERNS);
  // every byte of the patterns alone, and each pattern's lead with every second and third byte of the others
  const bytesOfPatterns = [
    ...new Set(PATTERNS.flatMap(({ lead, second, thirds }) => [lead, second, ...(thirds ?? [])])),
  ];
  const pieces = [
    ...[0x61, 0x00, ...bytesOfPatterns].map((byte) => [byte]),
    ...PATTERNS.flatMap(({ lead }) =>
      PATTERNS.flatMap(({ second, thirds }) => (thirds ?? [0x80, 0xbf]).map((third) => [lead, second, third])),
    ),
  ];

  it('finds every place, in order, in copied data and in its own memory', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { minLength: 30, maxLength: 80 }), (parts) => {
        const bytes = Uint8Array.from(parts.flat());
        const { sure, maybe } = expected(bytes);
        const found: number[] = [];
        search.some(bytes, (offset) => (found.push(offset), offset + 1));
        expect(found.filter((offset) => !maybe.includes(offset))).toEqual(sure);
        const own = search.buffer(bytes.length);
        own.set(bytes);
        const foundInPlace: number[] = [];
        search.some(own.subarray(0, bytes.length), (offset) => (foundInPlace.push(offset), offset + 1));
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
    expect(search.some(large, (offset) => (seen.push(offset), offset === 2_500_000 ? -1 : offset + 1))).toBe(true);
    expect(seen).toEqual([2_500_000]);
    expect(search.some(large.subarray(0, 1000), () => -1)).toBe(false);
  });

  it('passes over a named character with no joining one beside it or after a named base, and nowhere else', () => {
    const ZWJ = [0xe2, 0x80, 0x8d] as const;
    const VS16 = [0xef, 0xb8, 0x8f] as const;
    const bases = new Uint8Array(BASE_LIMIT / 8);
    for (const codePoint of [0x61, 0xa9, 0x2764, 0x1f3f3]) bases[codePoint >> 3] |= 1 << (codePoint & 7);
    const patterns: BytePattern[] = [
      { lead: 0xe2, second: 0x80, thirds: [0x8b, 0x8d] },
      { lead: 0xef, second: 0xb8, thirds: [0x8f] },
      { lead: 0xc2, second: 0xad, thirds: null },
    ];
    // ZWSP and ZWJ join, the soft hyphen and VS16 do not; a ZWJ is passed over only before "ж", "♀" or an emoji
    const LEADS_AFTER = [
      [0xcd00, 0xe0ff],
      [0xe299, 0xe29a],
      [0xf000, 0xf0ff],
    ] as const;
    const joins = (codePoint: number): boolean => codePoint === 0x200b || codePoint === 0x200d;
    const search = new Search(patterns, {
      alone: { characters: [ZWJ], joins, leadsAfter: LEADS_AFTER },
      afterBase: [{ bytes: VS16, bases }],
    });
    const pieces = [
      [0x61],
      [0x62],
      ...['©', '❤', '🏳', '😀', 'ж', '♀', '\u200B', '\u00AD'].map((text) => [...Buffer.from(text)]),
      [...ZWJ],
      [...VS16],
      // not well-formed: an overlong "a" and "©", a stray continuation byte, a cut character
      [0xc1, 0xa1],
      [0xe0, 0x82, 0xa9],
      [0x80],
      [0xe2, 0x9d],
    ];
    const patternAt = (bytes: Uint8Array, at: number): boolean =>
      patterns.some(
        ({ lead, second, thirds }) =>
          bytes[at] === lead && bytes[at + 1] === second && (thirds === null || thirds.includes(bytes[at + 2])),
      );
    /** the code point of the well-formed character that ends right before `at`, or -1 */
    const before = (bytes: Uint8Array, at: number): number => {
      for (let length = 1; length <= 4; length++) {
        const text = Buffer.from(bytes.subarray(at - length, at)).toString('utf8');
        if (text.length > 0 && !text.includes('\uFFFD') && [...text].length === 1) return text.codePointAt(0)!;
      }
      return -1;
    };
    const joinsAt = (bytes: Uint8Array, at: number): boolean =>
      patternAt(bytes, at) &&
      joins(
        Buffer.from(bytes.subarray(at, at + 3))
          .toString('utf8')
          .codePointAt(0)!,
      );
    const is = (bytes: Uint8Array, at: number, character: readonly number[]): boolean =>
      character.every((byte, k) => bytes[at + k] === byte);
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { minLength: 20, maxLength: 40 }), (parts) => {
        const bytes = Uint8Array.from(parts.flat());
        const found: number[] = [];
        search.some(bytes, (offset) => (found.push(offset), offset + 1));
        for (let at = 0; at + 3 <= bytes.length; at++) {
          if (!patternAt(bytes, at)) continue;
          let passed = false;
          if (at >= 4 && is(bytes, at, ZWJ)) {
            // what follows the end of the data is not the search's to read: either answer will do
            if (at + 6 > bytes.length) continue;
            passed =
              ![at + 3, at - 2, at - 3].some((place) => joinsAt(bytes, place)) &&
              LEADS_AFTER.some(([low, high]) => {
                const next = (bytes[at + 3] << 8) | bytes[at + 4];
                return next >= low && next <= high;
              });
          }
          if (at >= 4 && is(bytes, at, VS16)) {
            const base = before(bytes, at);
            passed = base >= 0 && ((bases[base >> 3] >> (base & 7)) & 1) === 1;
          }
          expect(found.includes(at), `${Buffer.from(bytes).toString('hex')} at ${at}`).toBe(!passed);
        }
      }),
      { numRuns: 3000, seed: 7 },
    );
  });
});
