import { CodecError } from '../errors.js';
import { biasDistribution } from './biases.js';
import { requiredPositions } from './capacity.js';
import { choices, type VariantKey } from './keys.js';
import { DEFAULT_FALSE_ACCUSATION } from './plan.js';
import type { VariantReading } from './read.js';
import { accusationThreshold, passes, positionScore } from './score.js';

export const VARIANT_VERDICTS = ['named', 'none', 'too_few_sites'] as const;
export type VariantVerdict = (typeof VARIANT_VERDICTS)[number];

export interface AccusationOptions {
  /** the probability of naming anyone innocent in this trace (default 10⁻⁶) */
  falseAccusation?: number;
  /**
   * how many copies the trace scores in all (the union bound): every copy of every document it reads, so that a
   * trace over several documents keeps the same total (default: the copies given here)
   */
  tests?: number;
  /** how many of the highest scores the answer shows (default 5) */
  shown?: number;
  /** copies another layer (the keyed marks) named: their scores are shown whatever they are */
  marked?: readonly string[];
}

export interface CopyScore {
  readonly copyId: string;
  readonly score: number;
  /** observed positions where the copy has the leak's form, and where it has the other */
  readonly agreed: number;
  readonly disagreed: number;
}

export interface VariantAccusation {
  readonly verdict: VariantVerdict;
  /** one sentence with the numbers */
  readonly message: string;
  readonly falseAccusation: number;
  readonly tests: number;
  /** positions of the code the leak shows (after conflicting and normalised ones are set aside) */
  readonly positions: number;
  /** the score a copy must reach; null when no score could be trusted */
  readonly threshold: number | null;
  /** the score of a copy agreeing at every observed position */
  readonly perfectScore: number;
  /** positions needed, for this document's code: to name a single leaker, and one of `collusion` colluders */
  readonly needed: { readonly oneLeaker: number; readonly colluders: number; readonly collusion: number };
  /** every copy whose score passes the threshold, highest first */
  readonly named: readonly CopyScore[];
  /** the highest scores, named or not (with too few positions, of the `marked` copies only: no other is scored) */
  readonly highest: readonly CopyScore[];
  /** the scores of the copies given as `marked` */
  readonly marked: readonly CopyScore[];
  readonly evidence: VariantReading['evidence'];
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Scores every copy of the document against what the leak shows and names those above the threshold. The
 * threshold is set so that, over `tests` copies, the chance that any innocent one passes is at most
 * `falseAccusation` (score.ts: a Chernoff bound and a union bound); a leak that shows too few positions for any
 * score to be trusted answers `too_few_sites` and names no one.
 */
export function accuseVariants(
  reading: VariantReading,
  key: VariantKey,
  copyIds: readonly string[],
  options: AccusationOptions = {},
): VariantAccusation {
  const falseAccusation = options.falseAccusation ?? DEFAULT_FALSE_ACCUSATION;
  const tests = options.tests ?? copyIds.length;
  if (!(falseAccusation > 0 && falseAccusation < 1))
    throw new CodecError('INVALID_INPUT', 'falseAccusation must be a probability between 0 and 1');
  if (!Number.isInteger(tests) || tests < Math.max(1, copyIds.length))
    throw new CodecError('INVALID_INPUT', 'tests must count at least the copies scored');

  const { observations, collusion } = reading;
  const distribution = biasDistribution(collusion);
  const needed = {
    oneLeaker: requiredPositions(distribution, 1, tests, falseAccusation),
    colluders: requiredPositions(distribution, Math.max(collusion, 2), tests, falseAccusation),
    collusion: Math.max(collusion, 2),
  };
  const threshold = accusationThreshold(observations, tests, falseAccusation);
  // with too few positions no score can name anyone: only the copies another layer named are scored, to be shown
  const scoredIds =
    threshold.score === undefined ? copyIds.filter((id) => options.marked?.includes(id) === true) : copyIds;
  const positions = Int32Array.from(observations, (o) => o.position);
  const biases = Float64Array.from(observations, (o) => o.bias);
  const chosen = choices(key, scoredIds, positions, biases);
  // each observed position's two scores, for a copy that agrees and for one that does not
  const agreeing = observations.map((o) => positionScore(o.bias, o.form, o.form));
  const differing = observations.map((o) => positionScore(o.bias, o.form, o.form === 1 ? 0 : 1));
  const width = observations.length;
  const scored: CopyScore[] = scoredIds.map((copyId, c) => {
    let score = 0;
    let agreed = 0;
    for (let i = 0; i < width; i++) {
      if (chosen[c * width + i] === observations[i].form) {
        score += agreeing[i];
        agreed++;
      } else score += differing[i];
    }
    return { copyId, score, agreed, disagreed: width - agreed };
  });
  scored.sort((a, b) => b.score - a.score);
  const shown = (s: CopyScore): CopyScore => ({ ...s, score: round(s.score) });
  const named = threshold.score === undefined ? [] : scored.filter((s) => passes(s.score, threshold.score!));
  const verdict: VariantVerdict = threshold.score === undefined ? 'too_few_sites' : named.length > 0 ? 'named' : 'none';
  return {
    verdict,
    message: messageOf(verdict, observations.length, threshold.score, named.length, falseAccusation, tests, needed),
    falseAccusation,
    tests,
    positions: observations.length,
    threshold: threshold.score === undefined ? null : round(threshold.score),
    perfectScore: round(threshold.perfectScore),
    needed,
    named: named.map(shown),
    highest: scored.slice(0, options.shown ?? 5).map(shown),
    marked: scored.filter((s) => options.marked?.includes(s.copyId) === true).map(shown),
    evidence: reading.evidence,
  };
}

function messageOf(
  verdict: VariantVerdict,
  positions: number,
  threshold: number | undefined,
  named: number,
  falseAccusation: number,
  tests: number,
  needed: VariantAccusation['needed'],
): string {
  const odds = `at most ${falseAccusation} that any of ${tests} innocent cop${tests === 1 ? 'y' : 'ies'} would pass`;
  if (verdict === 'too_few_sites')
    return (
      `The leak shows ${positions} variant position${positions === 1 ? '' : 's'} of this document: too few to name ` +
      `anyone (${odds} needs about ${needed.oneLeaker} for a single leaker, ${needed.colluders} for one of ` +
      `${needed.collusion} colluders). No one is named from the variants.`
    );
  const scale = `${positions} variant positions read; threshold ${round(threshold!)} (${odds})`;
  return verdict === 'named'
    ? `${scale}: ${named} cop${named === 1 ? 'y passes' : 'ies pass'}.`
    : `${scale}: no copy passes, no one is named from the variants.`;
}
