import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { DAMAGES, STRATEGIES } from './leaks.js';
import { RECIPIENTS, simulationDocuments, traceLeak, type IssuedDocument } from './simulation.js';

/**
 * Never an innocent (docs/TRACING.md, "Visible variants"): leaks made by one to four colluders mixing their copies
 * by every strategy, cropped, stripped, NFKC-normalised, re-wrapped, autocorrected and retyped, name only
 * colluders. `npm test` runs a short seed; `npm run test:variants` the full run (WM_VARIANTS_RUNS).
 */
const RUNS = Number(process.env.WM_VARIANTS_RUNS ?? 40);

let documents: IssuedDocument[];
beforeAll(() => {
  documents = simulationDocuments();
});

describe('variant leaks never name an innocent', () => {
  test(`${RUNS} simulated leaks`, () => {
    const outcomes = { caught: 0, tooFew: 0, leaks: 0 };
    fc.assert(
      fc.property(
        fc.nat({ max: 1000 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom(...STRATEGIES),
        fc.subarray([...DAMAGES]),
        fc.constantFrom(0, 300, 1000, 3000, 10_000),
        fc.integer({ min: 1, max: 2 ** 30 }),
        (which, count, strategy, damages, words, seed) => {
          const document = documents[which % documents.length];
          const colluders = fc.sample(
            fc.uniqueArray(fc.nat({ max: RECIPIENTS - 1 }), { minLength: count, maxLength: count }),
            {
              seed,
              numRuns: 1,
            },
          )[0];
          const traced = traceLeak(document, { colluders, strategy, damages, words, seed });
          outcomes.leaks++;
          if (traced.caught) outcomes.caught++;
          if (traced.accusation.verdict === 'too_few_sites') {
            outcomes.tooFew++;
            expect(traced.accusation.named).toEqual([]);
          }
          expect(traced.innocents).toEqual([]);
        },
      ),
      { numRuns: RUNS },
    );
    expect(outcomes.leaks).toBe(RUNS);
  });
});
