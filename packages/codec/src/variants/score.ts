/**
 * The accusation: the symmetric Tardos score (Škorić, Katzenbeisser and Celik 2008) of a copy over the positions a
 * leak shows, and the threshold above which no innocent copy's score goes but with probability at most ε/n.
 *
 * An innocent copy's choices are drawn independently of the leak given the biases (a keyed PRF per copy), so at
 * each observed position its score is one of two values with known probabilities, whatever the leakers did. The
 * threshold is the Chernoff bound on the sum of those independent values: for every λ > 0,
 * P(S ≥ Z) ≤ e^(−λZ) ∏ E[e^(λU_i)], so Z = min over λ of (Σ ln E[e^(λU_i)] + ln(n/ε)) / λ keeps each innocent
 * below it with probability at least 1 − ε/n, and all n copies of the union bound with 1 − ε. The bound is exact in
 * the observed biases and forms: no normal approximation, no assumption on the coalition's strategy.
 */

export interface Observation {
  /** the position's bias: the probability that a copy takes form 1 there */
  readonly bias: number;
  /** the form the leak shows */
  readonly form: 0 | 1;
}

/** What a copy scores at a position: positive where it agrees with the leak, weighted by how rare its form was. */
export function positionScore(bias: number, leak: 0 | 1, copy: 0 | 1): number {
  const rareOne = Math.sqrt((1 - bias) / bias);
  const rareZero = Math.sqrt(bias / (1 - bias));
  if (leak === 1) return copy === 1 ? rareOne : -rareZero;
  return copy === 0 ? rareZero : -rareOne;
}

/** The two values of an innocent's score at a position, with the log of their probabilities. */
function outcomes({ bias, form }: Observation): [agree: number, lnAgree: number, disagree: number, lnDisagree: number] {
  const agreeProbability = form === 1 ? bias : 1 - bias;
  return [
    positionScore(bias, form, form),
    Math.log(agreeProbability),
    positionScore(bias, form, form === 1 ? 0 : 1),
    Math.log(1 - agreeProbability),
  ];
}

/** ln E[e^(λU)] summed over the positions, and its derivative in λ (the tilted mean). */
function cumulant(all: readonly ReturnType<typeof outcomes>[], lambda: number): [value: number, slope: number] {
  let value = 0;
  let slope = 0;
  for (const [agree, lnAgree, disagree, lnDisagree] of all) {
    const a = lnAgree + lambda * agree;
    const d = lnDisagree + lambda * disagree;
    const top = Math.max(a, d);
    const ea = Math.exp(a - top);
    const ed = Math.exp(d - top);
    value += top + Math.log(ea + ed);
    slope += (ea * agree + ed * disagree) / (ea + ed);
  }
  return [value, slope];
}

export interface Threshold {
  /** the score at or above which a copy is named; undefined when even a copy agreeing everywhere could be innocent */
  readonly score: number | undefined;
  /** the score of a copy that agrees with the leak at every observed position */
  readonly perfectScore: number;
  /** ln of the probability that an innocent copy agrees at every observed position */
  readonly lnPerfectMatch: number;
}

/**
 * The Chernoff threshold for `tests` copies and a total false-accusation probability `falseAccusation`.
 * Z(λ) = (K(λ) + L)/λ is smallest where λK′(λ) − K(λ) = L, a function that grows from 0 toward −ln P(perfect
 * match): when it never reaches L, no score can be trusted and the answer is "too few positions".
 */
export function accusationThreshold(
  observations: readonly Observation[],
  tests: number,
  falseAccusation: number,
): Threshold {
  const all = observations.map(outcomes);
  const perfectScore = all.reduce((sum, [agree]) => sum + agree, 0);
  const lnPerfectMatch = all.reduce((sum, [, lnAgree]) => sum + lnAgree, 0);
  const target = Math.log(tests / falseAccusation);
  if (observations.length === 0 || -lnPerfectMatch <= target) return { score: undefined, perfectScore, lnPerfectMatch };
  const gap = (lambda: number) => {
    const [value, slope] = cumulant(all, lambda);
    return lambda * slope - value - target;
  };
  let low = 0;
  let high = 1;
  while (gap(high) < 0 && high < 1e9) high *= 2;
  for (let step = 0; step < 200 && high - low > 1e-12 * high; step++) {
    const middle = (low + high) / 2;
    if (gap(middle) < 0) low = middle;
    else high = middle;
  }
  // any λ gives a valid bound; `high` is within rounding of the best one
  const [value] = cumulant(all, high);
  return { score: (value + target) / high, perfectScore, lnPerfectMatch };
}

/** Whether a score passes the threshold, with a margin for the rounding of two sums of floating-point numbers. */
export const passes = (score: number, threshold: number): boolean =>
  score >= threshold + 1e-9 * (1 + Math.abs(threshold));
