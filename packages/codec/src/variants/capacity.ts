import type { BiasDistribution } from './biases.js';
import { accusationThreshold, positionScore } from './score.js';

/**
 * How many positions a leak must show to name someone: an estimate for sizing (the refusal at issue, the numbers
 * in a trace's answer), never used to decide an accusation (score.ts does, exactly).
 *
 * A coalition of c copies whose members take, at each position, whatever strategy lowers their total score most
 * still has an expected total score μ per position (the marking assumption: where they all agree, the leak shows
 * their form), with standard deviation σ; its best member scores at least the mean, μm/c. It is named when that
 * passes the threshold for m positions. With the threshold as score.ts computes it (for forms drawn as a copy's
 * would be) and the coalition's score one normal quantile (90 %) below its mean, the answer is the smallest such m.
 * For one leaker at p = ½ this is exactly log₂(n/ε): a copy read whole agrees everywhere.
 */

const CAUGHT_QUANTILE = 1.2816; // 90 % of a normal distribution lies above mean − 1.2816 σ

const binomial = (n: number, k: number) => {
  let value = 1;
  for (let i = 1; i <= k; i++) value = (value * (n - k + i)) / i;
  return value;
};

/** The coalition's worst-case expected total score per position, and its standard deviation under that strategy. */
export function coalitionScore(distribution: BiasDistribution, colluders: number): { mean: number; deviation: number } {
  let mean = 0;
  let square = 0;
  for (let k = 0; k <= colluders; k++) {
    // the total score if the leak shows form 1 where k members have it (the other form gives its opposite)
    let term = 0;
    let termSquare = 0;
    distribution.points.forEach((p, i) => {
      const weight = distribution.masses[i] * binomial(colluders, k) * p ** k * (1 - p) ** (colluders - k);
      const total = k * positionScore(p, 1, 1) + (colluders - k) * positionScore(p, 1, 0);
      term += weight * total;
      termSquare += weight * total * total;
    });
    // forced where all agree; elsewhere the coalition picks the form with the lower expected total
    mean += k === colluders ? term : k === 0 ? -term : -Math.abs(term);
    square += termSquare;
  }
  return { mean, deviation: Math.sqrt(Math.max(0, square - mean * mean)) };
}

/** `count` positions whose biases and forms are spread as a copy's would be (stratified, not random). */
function typicalObservations(distribution: BiasDistribution, count: number) {
  return Array.from({ length: count }, (_, i) => {
    let u = (i + 0.5) / count;
    let point = 0;
    while (point < distribution.points.length - 1 && u >= distribution.masses[point]) u -= distribution.masses[point++];
    const bias = distribution.points[point];
    return { bias, form: u / distribution.masses[point] < bias ? (1 as const) : (0 as const) };
  });
}

const required = new Map<string, number>();

/** The positions a leak must show for `colluders` of `recipients` copies to be named (estimate; see above). */
export function requiredPositions(
  distribution: BiasDistribution,
  colluders: number,
  recipients: number,
  falseAccusation: number,
): number {
  const key = `${distribution.collusion}:${colluders}:${recipients}:${falseAccusation}`;
  let positions = required.get(key);
  if (positions === undefined) {
    positions = search(distribution, colluders, recipients, falseAccusation);
    required.set(key, positions);
  }
  return positions;
}

function search(
  distribution: BiasDistribution,
  colluders: number,
  recipients: number,
  falseAccusation: number,
): number {
  const { mean, deviation } = coalitionScore(distribution, colluders);
  if (mean <= 0) return Infinity;
  const caught = (m: number) => {
    const threshold = accusationThreshold(typicalObservations(distribution, m), recipients, falseAccusation).score;
    return threshold !== undefined && (mean * m - CAUGHT_QUANTILE * deviation * Math.sqrt(m)) / colluders >= threshold;
  };
  let high = 8;
  while (!caught(high)) {
    if (high > 1 << 20) return Infinity;
    high *= 2;
  }
  let low = high / 2;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (caught(middle)) high = middle;
    else low = middle;
  }
  return high;
}
