/**
 * Builds a value (a prepared statement) on first use and returns it from then on. Drizzle builds and prepares a
 * query on every call, many times what running a prepared one costs, so the hot statements are prepared once per
 * store (docs/PERFORMANCE.md), and only when first used, so commands that never run them do not pay for preparing
 * them.
 */
export function preparedOnce<T>(prepare: () => T): () => T {
  let statement: T | undefined;
  return () => (statement ??= prepare());
}
