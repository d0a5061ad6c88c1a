/**
 * UTF-16 units of carrier marked by one job at most (the text's length × its copies). A job's result crosses back to
 * the event loop in one piece, as one structured clone: 498 copies of 20 KB in one job held the event loop 392 ms
 * while it was read, ten of 950 KB 613 ms. Marked in jobs of at most this much text (one copy at least), each read is
 * a few milliseconds (docs/PERFORMANCE.md, "Work off the event loop").
 */
export const BATCH_UNITS = 131_072;

/**
 * `ids` in runs of as many copies of a `units`-long text as one job should mark, in order, each run made by `mark`
 * after the one before (one job of a request at a time: the pool's other thread stays free for other requests).
 * There is always one run, empty when `ids` is.
 */
export async function inBatches<T>(ids: string[], units: number, mark: (ids: string[]) => Promise<T>): Promise<T[]> {
  const perBatch = Math.max(1, Math.floor(BATCH_UNITS / Math.max(units, 1)));
  const batches: T[] = [];
  let at = 0;
  do {
    batches.push(await mark(ids.slice(at, at + perBatch)));
    at += perBatch;
  } while (at < ids.length);
  return batches;
}
