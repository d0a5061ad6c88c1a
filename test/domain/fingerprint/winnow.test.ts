import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { winnow } from '../../../src/domain/fingerprint/winnow.js';

/** The definition, window by window: the rightmost smallest hash of each window (of all, if fewer than one). */
function rightmostMinima(hashes: Uint32Array, window: number): number[] {
  const starts = Math.max(1, hashes.length - window + 1);
  const kept = new Set<number>();
  for (let start = 0; start < starts && hashes.length > 0; start++) {
    let best = start;
    for (let i = start; i < Math.min(hashes.length, start + window); i++) if (hashes[i] <= hashes[best]) best = i;
    kept.add(best);
  }
  return [...kept].sort((a, b) => a - b);
}

// small values make ties frequent, where "rightmost" matters
const hashArrays = fc.oneof(
  fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 60 }),
  fc.array(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { maxLength: 200 }),
);

describe('winnow', () => {
  test('keeps exactly the rightmost minimum of every window, each position once', () => {
    fc.assert(
      fc.property(hashArrays, fc.integer({ min: 1, max: 20 }), (values, window) => {
        const hashes = Uint32Array.from(values);
        expect(winnow(hashes, window)).toEqual(rightmostMinima(hashes, window));
      }),
      { numRuns: 2000 },
    );
  });

  test('a stretch cut out of the sequence keeps every choice of the windows it holds whole', () => {
    fc.assert(
      fc.property(hashArrays, fc.integer({ min: 1, max: 12 }), fc.nat(), fc.nat(), (values, window, a, b) => {
        const hashes = Uint32Array.from(values);
        const start = values.length === 0 ? 0 : a % values.length;
        const end = start + (values.length === 0 ? 0 : b % (values.length - start + 1));
        if (end - start < window) return;
        const whole = new Set(winnow(hashes, window));
        const part = winnow(hashes.subarray(start, end), window).map((position) => position + start);
        // each window inside the stretch chooses the same position in both, so the part's choices are the whole's
        for (const position of part) expect(whole.has(position)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  test('refuses a window that is not a positive whole number', () => {
    expect(() => winnow(new Uint32Array(3), 0)).toThrow(RangeError);
    expect(() => winnow(new Uint32Array(3), 1.5)).toThrow(RangeError);
  });
});
