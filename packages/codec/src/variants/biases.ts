/**
 * The biases of a Tardos code: each position's probability that a copy takes form 1 there, drawn once per
 * document. For resisting up to c colluders, the discrete distributions of Nuida et al. (2009): the 2k − 1 and 2k
 * coalitions share one, k = ⌈c/2⌉, whose points are the roots x of the Legendre polynomial P_k moved to (0, 1)
 * (p = (1 + x)/2), each with mass proportional to its Gauss–Legendre weight over √(p(1 − p)): a quadrature of
 * Tardos's arcsine density that keeps the coalition's expected score independent of its strategy. So c = 1 and 2
 * give p = ½ at every position; c = 3 and 4 give p = (1 ± 1/√3)/2, each with mass ½. Laarhoven and de Weger
 * (2013) show that with the symmetric score they give shorter codes than the arcsine for small c (docs/TRACING.md).
 */

export const MAX_COLLUSION = 8;

export interface BiasDistribution {
  /** the largest coalition it is made for */
  readonly collusion: number;
  readonly points: readonly number[];
  readonly masses: readonly number[];
}

/** The roots of the Legendre polynomial of degree k and their Gauss–Legendre weights (Newton's method). */
function gaussLegendre(k: number): { roots: number[]; weights: number[] } {
  const roots: number[] = [];
  const weights: number[] = [];
  for (let i = 1; i <= k; i++) {
    let x = Math.cos((Math.PI * (i - 0.25)) / (k + 0.5));
    let derivative = 0;
    for (let step = 0; step < 100; step++) {
      let previous = 1;
      let value = x;
      for (let n = 2; n <= k; n++) [previous, value] = [value, ((2 * n - 1) * x * value - (n - 1) * previous) / n];
      derivative = (k * (x * value - previous)) / (x * x - 1);
      const next = x - value / derivative;
      const done = Math.abs(next - x) < 1e-15;
      x = next;
      if (done) break;
    }
    roots.push(x);
    weights.push(2 / ((1 - x * x) * derivative * derivative));
  }
  return { roots, weights };
}

const distributions = new Map<number, BiasDistribution>();

export function biasDistribution(collusion: number): BiasDistribution {
  if (!Number.isInteger(collusion) || collusion < 1 || collusion > MAX_COLLUSION)
    throw new RangeError(`the collusion level is a whole number from 1 to ${MAX_COLLUSION}`);
  let distribution = distributions.get(collusion);
  if (distribution === undefined) {
    const { roots, weights } = gaussLegendre(Math.ceil(collusion / 2));
    const points = roots.map((x) => (1 + x) / 2).sort((a, b) => a - b);
    const raw = points.map(
      (p) => weights[roots.findIndex((x) => Math.abs((1 + x) / 2 - p) < 1e-12)] / Math.sqrt(p * (1 - p)),
    );
    const total = raw.reduce((sum, mass) => sum + mass, 0);
    distribution = { collusion, points, masses: raw.map((mass) => mass / total) };
    distributions.set(collusion, distribution);
  }
  return distribution;
}

/** Each position's bias, from a uniform number in [0, 1) per position. */
export function biasesOf(distribution: BiasDistribution, uniforms: Float64Array): Float64Array {
  return uniforms.map((u) => {
    let cumulative = 0;
    for (let i = 0; i < distribution.points.length; i++) {
      cumulative += distribution.masses[i];
      if (u < cumulative) return distribution.points[i];
    }
    return distribution.points[distribution.points.length - 1];
  });
}
