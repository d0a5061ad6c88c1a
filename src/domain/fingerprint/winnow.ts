/**
 * Winnowing (Schleimer, Wilkerson and Aiken, "Winnowing: local algorithms for document fingerprinting", SIGMOD 2003,
 * the method of MOSS): in every window of `window` consecutive hashes keep the smallest, the rightmost of equal
 * ones, each position once. What it guarantees: two texts that share a run of at least `window` consecutive
 * shingles share at least one kept hash, whatever surrounds the run; and since a choice depends only on its window,
 * a paragraph cut out of a document keeps the same hashes as the document inside it (all but those of its first
 * and last windows). About 2 / (window + 1) of the hashes are kept. A sequence shorter than one window keeps its
 * minimum.
 *
 * Returns the kept positions, in increasing order.
 */
export function winnow(hashes: Uint32Array, window: number): number[] {
  if (!Number.isSafeInteger(window) || window < 1) throw new RangeError('window must be a positive integer');
  const kept: number[] = [];
  // positions whose hashes increase strictly from front to back: the front is the window's rightmost minimum
  const queue = new Int32Array(hashes.length);
  let front = 0;
  let back = 0;
  for (let i = 0; i < hashes.length; i++) {
    while (back > front && hashes[queue[back - 1]] >= hashes[i]) back--;
    queue[back++] = i;
    const windowStart = i - window + 1;
    if (queue[front] < windowStart) front++;
    const full = windowStart >= 0 || (hashes.length < window && i === hashes.length - 1);
    if (full && kept[kept.length - 1] !== queue[front]) kept.push(queue[front]);
  }
  return kept;
}
