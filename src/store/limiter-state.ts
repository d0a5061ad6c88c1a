/**
 * Small records that count password attempts (per client address, per account). They change on every sign-in
 * attempt, live minutes to weeks and need no durability, so they are kept apart from the database. This is the
 * seam for running several `wm serve` processes: a shared implementation (e.g. one table in a shared database,
 * `update` as a locked read-modify-write) makes them count together; the rules stay in the domain.
 * Records must be plain JSON values.
 */
export interface LimiterState {
  /**
   * Reads the record under `key` (undefined when absent or expired), lets `decide` compute the next record and a
   * result, stores the next record until `expiresAt` (Unix ms; `next: undefined` deletes it) and returns the
   * result. Atomic per key: no other update of `key` runs between the read and the write.
   */
  update<T, R>(key: string, decide: (current: T | undefined) => LimiterDecision<T, R>): Promise<R>;
}

export interface LimiterDecision<T, R> {
  next: T | undefined;
  /** when the stored record may be forgotten (Unix ms); ignored when `next` is undefined */
  expiresAt: number;
  result: R;
}

interface Entry {
  value: unknown;
  expiresAt: number;
}

/**
 * Records looked at per update, from the front of the map: expired ones are dropped, live ones move to the back,
 * so over time every record is looked at and memory follows the live records without a timer.
 */
const SWEEP_PER_UPDATE = 4;

/**
 * The in-process implementation: a map of at most `maxRecords` entries (beyond, the ones at the front — least
 * recently updated or looked at — go first), so a flood of new addresses or emails cannot grow the heap without
 * bound.
 */
export function createMemoryLimiterState(options: {
  maxRecords: number;
  now: () => number;
}): LimiterState & { size(): number } {
  const entries = new Map<string, Entry>();
  const sweep = (now: number) => {
    const front = [...take(entries, Math.min(SWEEP_PER_UPDATE, entries.size))];
    for (const [key, entry] of front) {
      entries.delete(key);
      if (entry.expiresAt > now) entries.set(key, entry);
    }
    for (const key of entries.keys()) {
      if (entries.size <= options.maxRecords) break;
      entries.delete(key);
    }
  };
  return {
    async update<T, R>(key: string, decide: (current: T | undefined) => LimiterDecision<T, R>): Promise<R> {
      const now = options.now();
      const found = entries.get(key);
      const current = found && found.expiresAt > now ? (found.value as T) : undefined;
      const decision = decide(current);
      entries.delete(key);
      if (decision.next !== undefined && decision.expiresAt > now) {
        entries.set(key, { value: decision.next, expiresAt: decision.expiresAt });
      }
      sweep(now);
      return decision.result;
    },
    size: () => entries.size,
  };
}

function* take<K, V>(map: Map<K, V>, count: number): Generator<[K, V]> {
  if (count <= 0) return;
  let taken = 0;
  for (const entry of map) {
    yield entry;
    if (++taken >= count) return;
  }
}
