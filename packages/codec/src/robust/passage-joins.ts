import type { Block } from './locate.js';
import { decide, type Passage } from './passages.js';

/**
 * What is left to do once each passage has voted: a passage that verifies nothing and whose marks agree with the
 * frame of a neighbour is that neighbour's damaged part; neighbours with the same frame are one watermark (nothing
 * in their marks tells them apart); and where two verified passages meet, blocks that fit the second frame at least
 * as well as the first move to it, so each span ends where its own marks do.
 */
export function joinPassages(passages: Passage[], position: Int32Array, bit: Uint8Array): Passage[] {
  const fit = (passage: Passage, frame: Uint8Array): number => disagreementShare(passage.blocks, frame, position, bit);
  let joined = passages.slice();
  for (let k = 0; k < joined.length; k++) {
    const passage = joined[k];
    if (passage.consensus) continue;
    // a neighbour across a break (a long stretch of marks that cast no vote) is no part of it
    const before = passage.afterBreak ? undefined : joined[k - 1];
    const after = joined[k + 1]?.afterBreak ? undefined : joined[k + 1];
    const neighbours = [before, after].filter(
      (other): other is Passage => other?.consensus != null && other.width === passage.width,
    );
    const shares = neighbours.map((other) => fit(passage, other.consensus!.bytes));
    const best = shares.indexOf(Math.min(...shares));
    if (best < 0 || shares[best] > DAMAGE_SHARE) continue;
    absorb(neighbours[best], passage, neighbours[best] === before);
    joined.splice(k, 1);
    k = Math.max(-1, k - 2);
  }
  joined = joined.filter((passage) => passage.consensus !== null);
  for (let k = 1; k < joined.length; k++) {
    const [first, second] = [joined[k - 1], joined[k]];
    if (
      !second.afterBreak &&
      first.width === second.width &&
      sameBytes(first.consensus!.bytes, second.consensus!.bytes)
    ) {
      absorb(first, second, true);
      first.consensus = decide(first.tally) ?? first.consensus;
      joined.splice(k--, 1);
    }
  }
  for (let k = 1; k < joined.length; k++)
    if (!joined[k].afterBreak) moveBoundary(joined[k - 1], joined[k], position, bit);
  return joined;
}

/** A passage whose marks disagree with a verified frame at no more than this share of positions is its damage. */
const DAMAGE_SHARE = 0.15;

/** `part` joins `into`, after it (`after`) or before it; its votes are added, the verified frame stays. */
function absorb(into: Passage, part: Passage, after: boolean): void {
  into.blocks = after ? into.blocks.concat(part.blocks) : part.blocks.concat(into.blocks);
  const { tally } = into;
  for (let p = 0; p < part.tally.size; p++) {
    tally.ones[p] += part.tally.ones[p];
    tally.votes[p] += part.tally.votes[p];
  }
  tally.size = Math.max(tally.size, part.tally.size);
  tally.marks += part.tally.marks;
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** Marks of `blocks` inside the frame that disagree with it, and how many were compared. */
function disagreements(
  blocks: readonly Block[],
  frame: Uint8Array,
  position: Int32Array,
  bit: Uint8Array,
): { disagree: number; compared: number } {
  const frameBits = frame.length * 8;
  let disagree = 0;
  let compared = 0;
  for (const block of blocks) {
    for (let i = block.start; i < block.end; i++) {
      const p = position[i];
      if (p < 0 || p >= frameBits) continue;
      compared++;
      if (((frame[p >> 3] >> (7 - (p & 7))) & 1) !== bit[i]) disagree++;
    }
  }
  return { disagree, compared };
}

function disagreementShare(blocks: readonly Block[], frame: Uint8Array, position: Int32Array, bit: Uint8Array): number {
  const { disagree, compared } = disagreements(blocks, frame, position, bit);
  return compared === 0 ? 1 : disagree / compared;
}

/**
 * The last blocks of `first` that fit `second`'s frame at least as well as its own move to `second`: all of them
 * from the first that fits strictly better; before that, where both frames carry the same bits, from the last copy
 * start (the place a passage begins when it was joined whole), if there is one.
 */
function moveBoundary(first: Passage, second: Passage, position: Int32Array, bit: Uint8Array): void {
  if (first.width !== second.width) return;
  const own = first.consensus!.bytes;
  const next = second.consensus!.bytes;
  // the tail of `first` (block positions, last first) whose blocks fit `next` at least as well as `own`
  const tail: { k: number; better: boolean; restart: boolean }[] = [];
  for (let k = first.blocks.length - 1; k >= 0; k--) {
    const block = first.blocks[k];
    if (block.index < 0) continue;
    const mine = disagreements([block], own, position, bit);
    if (mine.compared === 0) continue;
    const theirs = disagreements([block], next, position, bit);
    if (theirs.disagree > mine.disagree) break;
    tail.push({ k, better: theirs.disagree < mine.disagree, restart: block.index <= previousIndex(first.blocks, k) });
  }
  const earliestBetter = tail.findLastIndex((entry) => entry.better);
  const restarts = tail.filter((entry, t) => entry.restart && (earliestBetter < 0 || t >= earliestBetter));
  const from = restarts[0]?.k ?? (earliestBetter >= 0 ? tail[earliestBetter].k : -1);
  if (from < 0) return;
  second.blocks = first.blocks.splice(from).concat(second.blocks);
}

/** The index of the last placed block before block k (-1 when none: then block k starts a copy). */
function previousIndex(blocks: readonly Block[], k: number): number {
  for (let j = k - 1; j >= 0; j--) if (blocks[j].index >= 0) return blocks[j].index;
  return -1;
}
