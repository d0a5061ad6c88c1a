/** Timing helpers: cases measured side by side, interleaved round by round, medians of per-round figures. */

export const QUICK = process.env.BENCH_QUICK === '1';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Median over rounds of a[i] / b[i]: both measured in the same round, so machine load cancels out. */
export function medianRatio(a: readonly number[], b: readonly number[]): number {
  return median(a.map((value, i) => value / b[i]));
}

export type Cases = Record<string, () => unknown>;

/**
 * Milliseconds per call of every case, one figure per round. Each round runs every case (in an order rotated
 * per round) for at least `minMs`, after one warm-up call per case.
 */
export function timeRounds(cases: Cases, rounds: number, minMs: number): Record<string, number[]> {
  const names = Object.keys(cases);
  const times: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (const name of names) cases[name]();
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(k + round) % names.length];
      const run = cases[name];
      let calls = 0;
      const start = performance.now();
      let elapsed = 0;
      do {
        run();
        calls++;
        elapsed = performance.now() - start;
      } while (elapsed < minMs);
      times[name].push(elapsed / calls);
    }
  }
  return times;
}

export const round = (value: number, digits = 2): number => Number(value.toPrecision(digits + 1));

/** The value below which `p` % of `values` fall (the nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
