import { describe, expect, test } from 'vitest';
import { compareLayers, type VariantAccusation } from 'wm-watermark-codec/variants';

const score = (copyId: string, agreed: number, disagreed: number) => ({
  copyId,
  score: agreed - disagreed,
  agreed,
  disagreed,
});

/** An accusation over 40 positions at p = ½ with a threshold of 30 (the numbers are all that matter here). */
function accusation(
  named: string[],
  marked: ReturnType<typeof score>[] = [],
  threshold: number | null = 30,
): VariantAccusation {
  return {
    verdict: threshold === null ? 'too_few_sites' : named.length > 0 ? 'named' : 'none',
    message: '',
    falseAccusation: 1e-6,
    tests: 100,
    positions: 40,
    threshold,
    perfectScore: 40,
    needed: { oneLeaker: 27, colluders: 175, collusion: 2 },
    named: named.map((copyId) => score(copyId, 40, 0)),
    highest: [],
    marked,
    evidence: { words: 3000, candidates: 90, located: 50, conflicting: 0, normalised: [] },
  };
}

describe('the marks and the variants side by side', () => {
  test('both name the same copy: they agree', () => {
    expect(compareLayers(['a'], accusation(['a'], [score('a', 40, 0)]))).toMatchObject({
      agreement: 'agree',
      contradictions: [],
    });
  });

  test('the variants name more (colluders whose marks were stripped): they agree', () => {
    expect(compareLayers(['a'], accusation(['a', 'b'], [score('a', 38, 2)])).agreement).toBe('agree');
  });

  test('one layer alone', () => {
    expect(compareLayers([], accusation(['b'])).agreement).toBe('variants_only');
    expect(compareLayers(['a'], accusation([], [], null)).agreement).toBe('marks_only');
    expect(compareLayers(['a'], undefined).agreement).toBe('marks_only');
    expect(compareLayers([], accusation([])).agreement).toBe('neither');
  });

  test('the marks name a copy whose visible variants do not pass: reported, not resolved', () => {
    const comparison = compareLayers(['a'], accusation([], [score('a', 21, 19)]));
    expect(comparison.agreement).toBe('contradiction');
    expect(comparison.contradictions[0]).toMatch(
      /marks name copy a, but its visible variants agree with the leak at 21 of 40/,
    );
    expect(comparison.marks).toEqual(['a']);
  });

  test('the two name different copies', () => {
    const comparison = compareLayers(['a'], accusation(['b'], [score('a', 20, 20)]));
    expect(comparison.agreement).toBe('contradiction');
    expect(comparison.contradictions.at(-1)).toBe('The marks name a; the variants name b.');
  });
});
