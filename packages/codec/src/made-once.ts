/**
 * A value made on first use: what a module's top level would otherwise make at every start of the CLI, whether the
 * command uses it or not (docs/PERFORMANCE.md, cold start). The regular expressions with Unicode properties
 * (`\p{Script=…}`) above all: V8 builds their character sets when they are created.
 */
export function madeOnce<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
