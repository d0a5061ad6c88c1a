import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { biasDistribution } from '../../src/variants/biases.js';
import { coalitionScore, requiredPositions } from '../../src/variants/capacity.js';
import { accusationThreshold, positionScore, type Observation } from '../../src/variants/score.js';
import { accuseVariants, variantKey, type VariantReading } from 'wm-watermark-codec/variants';

/** The exact probability that an innocent copy's score reaches `threshold`: every choice at every position. */
function exactTail(observations: readonly Observation[], threshold: number): number {
  let states = new Map<number, number>([[0, 1]]);
  for (const { bias, form } of observations) {
    const next = new Map<number, number>();
    for (const [score, probability] of states) {
      for (const copy of [0, 1] as const) {
        const p = copy === 1 ? bias : 1 - bias;
        const key = Math.round((score + positionScore(bias, form, copy)) * 1e9) / 1e9;
        next.set(key, (next.get(key) ?? 0) + probability * p);
      }
    }
    states = next;
  }
  let tail = 0;
  for (const [score, probability] of states) if (score >= threshold - 1e-9) tail += probability;
  return tail;
}

const observation = fc.record({
  bias: fc.constantFrom(0.5, ...biasDistribution(4).points, ...biasDistribution(6).points),
  form: fc.constantFrom(0 as const, 1 as const),
});

describe('the bias distributions (Nuida et al. 2009)', () => {
  test('c = 1, 2: one half; c = 3, 4: (1 ± 1/√3)/2; c = 5, 6 and 7, 8 as published', () => {
    expect(biasDistribution(2)).toMatchObject({ points: [0.5], masses: [1] });
    const four = biasDistribution(4);
    expect(four.points[0]).toBeCloseTo((1 - 1 / Math.sqrt(3)) / 2, 12);
    expect(four.masses).toEqual([0.5, 0.5]);
    const six = biasDistribution(6);
    expect(six.points.map((p) => p.toFixed(5))).toEqual(['0.11270', '0.50000', '0.88730']);
    expect(six.masses.map((m) => m.toFixed(5))).toEqual(['0.33201', '0.33597', '0.33201']);
    const eight = biasDistribution(8);
    expect(eight.points.map((p) => p.toFixed(5))).toEqual(['0.06943', '0.33001', '0.66999', '0.93057']);
    expect(eight.masses.map((m) => m.toFixed(5))).toEqual(['0.24833', '0.25167', '0.25167', '0.24833']);
  });

  test("the coalition's expected score does not depend on its strategy, up to the size the distribution is for", () => {
    // each mixed count k's term vanishes (Gauss–Legendre is exact for the polynomials involved), so the worst case
    // equals the best; past c it does not
    for (const c of [1, 2, 3, 4, 5, 6]) {
      const distribution = biasDistribution(c);
      for (let k = 1; k < c; k++) {
        const term = distribution.points.reduce((sum, p, i) => {
          const total = k * positionScore(p, 1, 1) + (c - k) * positionScore(p, 1, 0);
          return sum + distribution.masses[i] * p ** k * (1 - p) ** (c - k) * total;
        }, 0);
        expect(Math.abs(term)).toBeLessThan(1e-12);
      }
      expect(coalitionScore(distribution, c).mean).toBeGreaterThan(0);
    }
    expect(coalitionScore(biasDistribution(2), 2).mean).toBeCloseTo(1, 12);
    expect(coalitionScore(biasDistribution(2), 3).mean).toBeCloseTo(0, 12);
  });

  test('positions needed: log2(n/ε) for one leaker at p = ½, and growing about as c²', () => {
    expect(requiredPositions(biasDistribution(1), 1, 100, 1e-6)).toBe(27);
    expect(requiredPositions(biasDistribution(1), 1, 10_000, 1e-6)).toBe(34);
    const two = requiredPositions(biasDistribution(2), 2, 100, 1e-6);
    const four = requiredPositions(biasDistribution(4), 4, 100, 1e-6);
    expect(two).toBeGreaterThan(100);
    expect(four / two).toBeGreaterThan(3);
    expect(requiredPositions(biasDistribution(2), 3, 100, 1e-6)).toBe(Infinity);
  });
});

describe('the threshold (a Chernoff bound and a union bound)', () => {
  test('an innocent copy reaches it with probability at most ε/n: checked exactly over every choice', () => {
    fc.assert(
      fc.property(
        fc.array(observation, { minLength: 1, maxLength: 16 }),
        fc.constantFrom(0.5, 0.1, 0.01, 1e-3),
        (observations, bound) => {
          const { score } = accusationThreshold(observations, 1, bound);
          if (score === undefined) return;
          expect(exactTail(observations, score)).toBeLessThanOrEqual(bound);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('too few positions: no threshold while a perfect match is as likely as ε/n', () => {
    const half = (form: 0 | 1): Observation => ({ bias: 0.5, form });
    expect(
      accusationThreshold(
        Array.from({ length: 26 }, () => half(1)),
        100,
        1e-6,
      ).score,
    ).toBeUndefined();
    expect(
      accusationThreshold(
        Array.from({ length: 27 }, () => half(1)),
        100,
        1e-6,
      ).score,
    ).toBeLessThan(27);
    expect(accusationThreshold([], 1, 0.5).score).toBeUndefined();
  });

  test('innocent copies pass about as rarely as promised, and never more', () => {
    const key = variantKey(new Uint8Array(32).fill(9));
    const observations = Array.from({ length: 40 }, (_, i) => ({
      position: i * 7919,
      bias: biasDistribution(4).points[i % 2],
      form: (i % 3 === 0 ? 1 : 0) as 0 | 1,
      classId: 'optional-that',
      perCopy: false,
      sites: 1,
    }));
    const reading: VariantReading = {
      collusion: 4,
      observations,
      evidence: { words: 0, candidates: 40, located: 40, conflicting: 0, normalised: [] },
    };
    // batches of 10 copies at ε = 0.5: each innocent passes with probability at most 0.05
    let passed = 0;
    for (let batch = 0; batch < 400; batch++) {
      const copyIds = Array.from({ length: 10 }, (_, i) => `innocent-${batch}-${i}`);
      passed += accuseVariants(reading, key, copyIds, { falseAccusation: 0.5 }).named.length;
    }
    expect(passed / 4000).toBeLessThanOrEqual(0.05 * 1.3);
    const strict = Array.from({ length: 4000 }, (_, i) => `innocent-${i}`);
    expect(accuseVariants(reading, key, strict, { falseAccusation: 1e-3 }).named).toEqual([]);
  });

  test('bad options are refused', () => {
    const key = variantKey(new Uint8Array(32));
    const reading: VariantReading = {
      collusion: 1,
      observations: [],
      evidence: { words: 0, candidates: 0, located: 0, conflicting: 0, normalised: [] },
    };
    expect(() => accuseVariants(reading, key, ['a'], { falseAccusation: 2 })).toThrow(/falseAccusation/);
    expect(() => accuseVariants(reading, key, ['a', 'b'], { tests: 1 })).toThrow(/tests/);
    expect(accuseVariants(reading, key, ['a']).verdict).toBe('too_few_sites');
    expect(() => variantKey(new Uint8Array(16))).toThrow(/32 bytes/);
  });
});
