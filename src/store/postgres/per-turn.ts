/**
 * Gathers the lookups asked for during one turn of the event loop into one call of `load` per group (e.g. per
 * quota period), which answers them all by key. Each lookup still reads the database after it was asked for, so
 * nothing is cached: a token revoked a moment ago is not found. Under load a turn holds dozens of requests, and one
 * statement instead of dozens spares the database and this process most of their per-statement cost.
 */
export function lookupPerTurn<G, K, V>(
  load: (group: G, keys: K[]) => Promise<Map<K, V>>,
): (group: G, key: K) => Promise<V | undefined> {
  type Listener = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };
  let pending = new Map<G, Map<K, Listener[]>>();
  const flush = () => {
    const turn = pending;
    pending = new Map();
    for (const [group, waiters] of turn) {
      load(group, [...waiters.keys()]).then(
        (found) => {
          for (const [key, listeners] of waiters) for (const { resolve } of listeners) resolve(found.get(key));
        },
        (error: unknown) => {
          for (const listeners of waiters.values()) for (const { reject } of listeners) reject(error);
        },
      );
    }
  };
  return (group, key) =>
    new Promise((resolve, reject) => {
      if (pending.size === 0) setImmediate(flush);
      let waiters = pending.get(group);
      if (!waiters) pending.set(group, (waiters = new Map<K, Listener[]>()));
      const listeners = waiters.get(key);
      if (listeners) listeners.push({ resolve, reject });
      else waiters.set(key, [{ resolve, reject }]);
    });
}
