import { seededRandom } from '../../src/robust/prng.js';
import { DAMAGES } from './damage.js';
import { judge, type Outcome } from './judge.js';
import { CARRIERS, MARKINGS, markedText } from './marking.js';

/**
 * The long truth run's cases (`npm run test:truth`), each a pure function of its number so that any case reruns
 * alone: a marking, a carrier and a secret, a partner text marked the same way with another secret, and every kind
 * of damage (the random ones twice), each read by every reader.
 */

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 -_#./';
const WIDE = ['東', '京', '春', '한', '글', 'ع', 'ر', 'ב', 'я', 'ж', 'é', 'ñ', 'ü', '😀', '👍🏽', '✓', '€'];

/** Secrets as people use them: look-alike ids (ID-42, ID-426884), ASCII, other scripts, now and then long ones. */
function secretOf(random: () => number): string {
  const pick = <T>(items: ArrayLike<T>): T => items[Math.floor(random() * items.length)];
  const length = (most: number) => 1 + Math.floor(random() * most);
  const kind = random();
  if (kind < 0.4) return `ID-${Math.floor(random() * 10 ** length(8))}`;
  if (kind < 0.7) return Array.from({ length: length(24) }, () => pick(LETTERS)).join('');
  if (kind < 0.95) return Array.from({ length: length(12) }, () => pick(random() < 0.5 ? WIDE : LETTERS)).join('');
  return Array.from({ length: 40 + length(60) }, () => pick(LETTERS)).join('');
}

export interface Tally {
  /** decodes by outcome */
  outcomes: Record<Outcome, number>;
  /** damage kind → decodes by outcome */
  byDamage: Record<string, Record<Outcome, number>>;
  /** marking family → decodes by outcome */
  byFamily: Record<string, Record<Outcome, number>>;
  /**
   * damage kind → damaged texts, and how many of them the fitting reader (decode, with the key for keyed markings)
   * answered with the embedded secret: how much each damage leaves readable
   */
  recovered: Record<string, { texts: number; correct: number }>;
  /** cases whose text could not carry the secret (CARRIER_TOO_SHORT…), skipped */
  skipped: number;
  /** candidate frames that reached a CRC comparison, each a 2^-32 chance of a false frame */
  crcComparisons: number;
  /** the first lies, to rerun: case number, what and why */
  lies: string[];
}

export const emptyOutcomes = (): Record<Outcome, number> => ({
  correct: 0,
  'no mark': 0,
  'honest failure': 0,
  wrong: 0,
});

export const emptyTally = (): Tally => ({
  outcomes: emptyOutcomes(),
  byDamage: {},
  byFamily: {},
  recovered: {},
  skipped: 0,
  crcComparisons: 0,
  lies: [],
});

const VS_MARKINGS = MARKINGS.filter((marking) => marking.family === 'vs');
const ROBUST_MARKINGS = MARKINGS.filter((marking) => marking.family === 'robust');

/** The reading that holds the key a marking was made with: the one that can recover it. */
const FITTING_UNKEYED = 'decode';
const FITTING_KEYED = 'decode, with the key and the signers';

/** Damages applied at random positions are tried twice per case; the others once. */
const TRIALS = (name: string): number => (name === 'none' || name.startsWith('delete the first') ? 1 : 2);

/** Runs case `index` into `tally`; the scan reads every tenth case too. Returns the decodes made. */
export function runCase(index: number, tally: Tally): number {
  const random = seededRandom(index * 7919 + 17);
  // two cases in three are VS markings: theirs are the frames that damage cuts into fragments
  const family = random() < 2 / 3 ? VS_MARKINGS : ROBUST_MARKINGS;
  const marking = family[Math.floor(random() * family.length)];
  const carrier = CARRIERS[Math.floor(random() * CARRIERS.length)];
  const partnerCarrier = CARRIERS[Math.floor(random() * CARRIERS.length)];
  const secret = secretOf(random);
  const otherSecret = secretOf(random);
  const text = markedText(marking, carrier, secret, index);
  const partner = markedText(marking, partnerCarrier, otherSecret, index + 1);
  if (text === null || partner === null) {
    tally.skipped++;
    return 0;
  }
  const embedded = new Set([secret, otherSecret]);
  const fitting = marking.keyed ? FITTING_KEYED : FITTING_UNKEYED;
  let decodes = 0;
  for (const damage of DAMAGES) {
    for (let trial = 0; trial < TRIALS(damage.name); trial++) {
      const damaged = damage.apply(text, partner, random);
      const recovered = (tally.recovered[damage.name] ??= { texts: 0, correct: 0 });
      recovered.texts++;
      for (const verdict of judge(damaged, embedded, index % 10 === 0)) {
        if (verdict.reading === fitting && verdict.outcome === 'correct') recovered.correct++;
        decodes++;
        tally.outcomes[verdict.outcome]++;
        (tally.byDamage[damage.name] ??= emptyOutcomes())[verdict.outcome]++;
        (tally.byFamily[marking.family] ??= emptyOutcomes())[verdict.outcome]++;
        if (verdict.outcome === 'wrong' && tally.lies.length < 20) {
          tally.lies.push(
            `case ${index} (${marking.name}, ${carrier.name}, ${damage.name}, trial ${trial}): ` +
              `${verdict.reading} gave ${verdict.why}`,
          );
        }
      }
    }
  }
  return decodes;
}
