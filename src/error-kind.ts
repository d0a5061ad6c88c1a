/**
 * Which of wm's errors a thrown value is, recognised by a mark rather than by `instanceof`. The CLI runs from
 * bundles of its own (dist/bundle/wm.cjs, wm-server.cjs, wm-scan.cjs, …; docs/PERFORMANCE.md), each carrying its own
 * copy of the modules it needs: an error made by one bundle's copy of a class is no `instanceof` the other copy.
 * The mark is a property of the class's prototype under a registry symbol, which every copy (every bundle, every
 * module instance) shares; it is not enumerable, so errors print and compare as before.
 */
const ERROR_KIND = Symbol.for('wm.error-kind');

/** Marks ERROR_CLASS's instances (and its subclasses') as KIND; returns the test that recognises them anywhere. */
export function errorKind<T extends Error>(
  errorClass: abstract new (...args: never[]) => T,
  kind: string,
): (value: unknown) => value is T {
  Object.defineProperty(errorClass.prototype, ERROR_KIND, { value: kind });
  return (value: unknown): value is T =>
    typeof value === 'object' && value !== null && (value as { [ERROR_KIND]?: unknown })[ERROR_KIND] === kind;
}
