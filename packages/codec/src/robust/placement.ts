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

/**
 * The copies a short carrier (positions for fewer than two copies at one mark each) holds, its positions taking
 * several marks each: a text that loses any half of itself still holds two (docs/ROBUST.md, "Short carriers").
 */
export const SHORT_CARRIER_COPIES = 4;

/** How many marks each carrier position takes (in text order), and how many copies they hold. */
export interface MarkPlan {
  copies: number;
  /** marks after each position; their sum is copies × copyLength */
  counts: Uint32Array;
}

/**
 * Where the marks go. With positions for at least two copies, one mark per chosen position (chooseCarriers), as
 * many copies as fit (two already survive the loss of any half). With fewer (a short text; Thai, Lao, Khmer,
 * Myanmar, which carry only where a run of their letters ends), every position carries and SHORT_CARRIER_COPIES
 * copies stack on them (one copy when there is one position: more in the same place add nothing), each position
 * taking the marks of the stretch of text it stands for (from the position before it; the last one to the end of
 * the text), so that a part of the text holds about its share of the marks however unevenly the positions are
 * spread. The marks stay in order, which is all the decoder needs.
 */
export function planMarks(
  ends: Int32Array,
  textLength: number,
  copyLength: number,
  distribution: Distribution,
  seed: () => number,
): MarkPlan {
  const positions = ends.length;
  if (positions >= 2 * copyLength) {
    const copies = Math.floor(positions / copyLength);
    const chosen = chooseCarriers(positions, copies * copyLength, copyLength, distribution, seed());
    return { copies, counts: Uint32Array.from(chosen) };
  }
  const copies = positions === 1 ? 1 : SHORT_CARRIER_COPIES;
  const marks = copies * copyLength;
  const counts = new Uint32Array(positions);
  let placed = 0;
  for (let k = 0; k < positions - 1; k++) {
    const upTo = Math.floor((marks * ends[k]) / textLength);
    counts[k] = upTo - placed;
    placed = upTo;
  }
  counts[positions - 1] = marks - placed;
  return { copies, counts };
}
