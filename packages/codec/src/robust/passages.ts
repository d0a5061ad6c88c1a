import type { MarkAlphabet } from './alphabet.js';
import { BLOCK } from './alphabet.js';
import { decideFrame, type Consensus } from './consensus.js';
import { INDEX_FIELD_SLOTS, indexChannelBit } from './layout.js';
import { markFields, resolveUnknownIndexes, splitBlocks, type Block } from './locate.js';
import { Tally } from './tally.js';
import { widthRegions } from './width-regions.js';

/**
 * Several robust watermarks in one text (docs/ROBUST.md, "Several watermarks in one text"). Every block of marks
 * says where in its copy it belongs; a passage's blocks agree with each other at every position they share, and
 * those of a passage with another frame do not. So the blocks are read in order against the majority of the
 * passage so far: a block that contradicts it opens a suspected new passage, which is confirmed once a second
 * block contradicts the old majority while agreeing with the new one, and dropped as damage when a later block
 * sides with the old one instead. Each passage then votes and verifies on its own.
 */

export interface Passage {
  width: number;
  /** it began after a long stretch of marks that cast no vote: nothing joins it to the passage before */
  afterBreak: boolean;
  /** its blocks in stream order; those with index -1 or whose marks were dropped cast no vote */
  blocks: Block[];
  tally: Tally;
  /** the verified frame of its votes; null when they verify none */
  consensus: Consensus | null;
}

export interface LocatedPassages {
  bit: Uint8Array;
  /** copy position of each mark; -1 for marks that cast no vote */
  position: Int32Array;
  passages: Passage[];
}

/** A block contradicts a majority when at least 2 of its compared marks, and at least a quarter, disagree. */
const contradicts = ({ agree, disagree }: { agree: number; disagree: number }): boolean =>
  disagree >= 2 && disagree * 4 >= agree + disagree;

/** Blocks that must contradict the old majority (and agree with the new one) to confirm a new passage. */
const CONFIRMING_BLOCKS = 2;

/** Every passage of marks read with `alphabet`, in order, each voted on and verified. */
export function locatePassages(indexes: Uint8Array, alphabet: MarkAlphabet): LocatedPassages {
  const { fine, indexBit, bit } = markFields(indexes, alphabet);
  const position = new Int32Array(indexes.length).fill(-1);
  const passages: Passage[] = [];
  for (const region of widthRegions(fine, indexBit)) {
    const { width } = region;
    if (width < 1 || width > INDEX_FIELD_SLOTS) continue;
    const blocks = splitBlocks(fine, indexBit, width, region.from, region.to);
    resolveUnknownIndexes(blocks, width);
    for (const block of blocks) {
      if (!inStep(fine, block)) block.index = -1;
      if (block.index < 0) continue;
      for (let i = block.start; i < block.end; i++) {
        // a mark whose index bit contradicts its block is most likely foreign: it casts no vote
        if (indexBit[i] === indexChannelBit(fine[i], block.index, width)) position[i] = block.index * BLOCK + fine[i];
      }
    }
    passages.push(...segment(blocks, width, position, bit));
  }
  for (const passage of passages) passage.consensus = decide(passage.tally);
  return { bit, position, passages };
}

/**
 * Whether a block's fine tags step by one at least twice: those of a passage do (all 23 in a row, less what was lost),
 * while the marks of a passage of the other alphabet, read with this one, make short runs of random tags. Such a
 * run casts no vote, so it neither moves a majority nor stretches a passage's span over its neighbour.
 */
function inStep(fine: Uint8Array, block: Block): boolean {
  let steps = 0;
  for (let i = block.start + 1; i < block.end && steps < 2; i++) if (fine[i] === fine[i - 1] + 1) steps++;
  return steps >= 2;
}

export function decide(tally: Tally): Consensus | null {
  const { size } = tally;
  return size === 0 ? null : decideFrame(tally.ones.subarray(0, size), tally.votes.subarray(0, size), size);
}

function newPassage(width: number, afterBreak = false): Passage {
  return { width, afterBreak, blocks: [], tally: new Tally(width), consensus: null };
}

/**
 * Marks in a row that cast no vote (another alphabet's passage read with this one, or other tools' selectors) after
 * which a passage ends: two blocks' worth, which foreign marks inside a passage never reach.
 */
const BREAKING_MARKS = 2 * BLOCK;

interface Suspect {
  passage: Passage;
  /** its blocks that contradicted the old majority */
  contradicting: Set<Block>;
}

function segment(blocks: Block[], width: number, position: Int32Array, bit: Uint8Array): Passage[] {
  const passages: Passage[] = [];
  let current = newPassage(width);
  let suspect: Suspect | null = null;
  const add = (passage: Passage, block: Block): void => {
    passage.blocks.push(block);
    passage.tally.add(block, position, bit);
  };
  const drop = (block: Block): void => {
    position.fill(-1, block.start, block.end);
    current.blocks.push(block);
  };
  // the suspected passage was damage: its contradicting blocks lose their votes, the others join the old passage
  const giveBack = (held: Suspect): void => {
    for (const block of held.passage.blocks) {
      if (held.contradicting.has(block)) drop(block);
      else add(current, block);
    }
  };
  const startSuspect = (block: Block): Suspect => {
    const held = { passage: newPassage(width), contradicting: new Set([block]) };
    add(held.passage, block);
    return held;
  };
  let silent = 0;
  for (const block of blocks) {
    if (block.index < 0) {
      (suspect?.passage ?? current).blocks.push(block);
      silent += block.end - block.start;
      continue;
    }
    if (silent >= BREAKING_MARKS) {
      if (suspect) passages.push(current, suspect.passage);
      else passages.push(current);
      current = newPassage(width, true);
      suspect = null;
    }
    silent = 0;
    const againstCurrent = contradicts(current.tally.compare(block, position, bit));
    if (!suspect) {
      if (againstCurrent) suspect = startSuspect(block);
      else add(current, block);
      continue;
    }
    if (!contradicts(suspect.passage.tally.compare(block, position, bit))) {
      add(suspect.passage, block);
      if (againstCurrent) suspect.contradicting.add(block);
      if (suspect.contradicting.size >= CONFIRMING_BLOCKS) {
        passages.push(current);
        current = suspect.passage;
        suspect = null;
      }
    } else {
      giveBack(suspect);
      suspect = null;
      if (againstCurrent) suspect = startSuspect(block);
      else add(current, block);
    }
  }
  if (suspect) {
    passages.push(current);
    current = suspect.passage;
  }
  passages.push(current);
  return passages.filter((passage) => passage.tally.marks > 0);
}
