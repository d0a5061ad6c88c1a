/** A typed array of twice the length holding the same values: append buffers grow by doubling (linear in total). */
export function doubled<T extends Uint8Array | Int32Array>(array: T): T {
  const grown = new (array.constructor as new (length: number) => T)(Math.max(16, array.length * 2));
  grown.set(array);
  return grown;
}
