import { seededRandom } from './prng.js';
import type { Distribution } from '../types.js';

/**
 * Which of `carriers` carriers get the `marks` marks (marks <= carriers), as a 0/1 flag per carrier.
 * The copies fill the carrier as often as it allows; the distribution only decides where the carriers left over
 * sit: even — spread evenly; random — a seeded uniformly random subset; clustered — each copy is a contiguous run,
 * the runs spread evenly. All three keep the marks in order, which is all the decoder relies on.
 */
export function chooseCarriers(
  carriers: number,
  marks: number,
  copyLength: number,
  distribution: Distribution,
  seed: number,
): Uint8Array {
  const chosen = new Uint8Array(carriers);
  if (distribution === 'even') {
    let accumulator = 0;
    for (let k = 0; k < carriers; k++) {
      accumulator += marks;
      if (accumulator >= carriers) {
        accumulator -= carriers;
        chosen[k] = 1;
      }
    }
  } else if (distribution === 'random') {
    // selection sampling (Knuth, algorithm S): every subset of size `marks` equally likely, one pass
    const random = seededRandom(seed);
    let left = marks;
    for (let k = 0; k < carriers && left > 0; k++) {
      if (random() * (carriers - k) < left) {
        chosen[k] = 1;
        left--;
      }
    }
  } else {
    const copies = marks / copyLength;
    for (let copy = 0; copy < copies; copy++) {
      const start = Math.floor((copy * carriers) / copies);
      chosen.fill(1, start, start + copyLength);
    }
  }
  return chosen;
}
