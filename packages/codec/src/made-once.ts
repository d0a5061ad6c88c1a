/**
 * A value made on first use. For the regular expressions with Unicode properties (`\p{Script=…}`): V8 builds their
 * character sets when a module's top level creates them, which a command that never tests them (`wm --version`,
 * a decode) would pay at start (docs/PERFORMANCE.md, cold start).
 */
export function madeOnce<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
