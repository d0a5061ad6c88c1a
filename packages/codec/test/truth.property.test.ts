import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { decode } from 'wm-watermark-codec/decode';
import { CodecError } from 'wm-watermark-codec/errors';
import { seededRandom } from '../src/robust/prng.js';
import { selectorsForBytes } from 'wm-watermark-codec/selectors';
import { DAMAGES } from './truth/damage.js';
import { judge } from './truth/judge.js';
import { CARRIERS, KEY, MARKINGS, markedText } from './truth/marking.js';

// The guarantee of docs/FORMAT.md ("A decode never lies"): whatever happened to a marked text, every reading of it
// (decode and decode-robust, with and without the key, with another key, the scan) answers with a secret that was
// embedded, or honestly with none. `npm run test:truth` runs the same checks a million times over.

const secret = fc.oneof(
  fc.stringMatching(/^ID-\d{1,8}$/),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 16 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 16 }),
);

/** One of `items`, shown by its name in a counterexample. */
const named = <T extends { name: string }>(items: readonly T[]) =>
  fc.constantFrom(...items.map((item) => ({ ...item, [fc.toStringMethod]: () => item.name })));

function checkNoLie(family: 'vs' | 'robust', runs: number): void {
  const markings = MARKINGS.filter((marking) => marking.family === family);
  fc.assert(
    fc.property(
      named(markings),
      named(CARRIERS),
      named(CARRIERS),
      secret,
      secret,
      named(DAMAGES),
      fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      (marking, carrier, partnerCarrier, mine, other, damage, seed) => {
        const text = markedText(marking, carrier, mine, seed);
        const partner = markedText(marking, partnerCarrier, other, seed + 1);
        fc.pre(text !== null && partner !== null);
        const damaged = damage.apply(text!, partner!, seededRandom(seed));
        const lies = judge(damaged, new Set([mine, other]), true).filter((verdict) => verdict.outcome === 'wrong');
        expect(lies, `${marking.name}, ${carrier.name}, ${damage.name}`).toEqual([]);
      },
    ),
    { numRuns: runs },
  );
}

describe('no reading of a damaged text answers with a secret that was not embedded', () => {
  test('every VS method, keyed or not, signed or not, every script, every kind of damage', () => {
    checkNoLie('vs', 700);
  });

  test('every robust mode, keyed or not, signed or not', () => {
    checkNoLie('robust', 120);
  });

  test('selectors of any bytes, anywhere in any text, are never read as a secret unasked', () => {
    fc.assert(
      fc.property(
        named(CARRIERS),
        fc.array(fc.tuple(fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 40 })), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (carrier, runs, keyed) => {
          const points = Array.from(carrier.short);
          for (const [at, bytes] of runs) points.splice(at % (points.length + 1), 0, selectorsForBytes(bytes));
          const text = points.join('');
          try {
            // 2^-32 per place a frame could start: a pass would be a finding worth a look, so it fails here
            expect(decode(text, keyed ? { key: KEY } : {}).watermarks).toEqual([]);
          } catch (error) {
            if (!(error instanceof CodecError)) throw error;
            expect(['NO_WATERMARK', 'CORRUPTED']).toContain(error.code);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
