import { BLOCK, type MarkAlphabet } from './alphabet.js';
import { INDEX_FIELD_SLOTS, WIDTH_FIELD_BITS, indexChannelBit } from './layout.js';

/** Every mark read from a text, with the copy position it claims (docs/ROBUST.md, "Re-synchronisation"). */
export interface LocatedMarks {
  count: number;
  bit: Uint8Array;
  /** position inside a copy (block × BLOCK + fine), or -1 when its block could not be placed */
  position: Int32Array;
  /** which copy in the text the mark belongs to: a new copy starts where the block index falls back */
  copy: Int32Array;
  copies: number;
}

/**
 * Share of consecutive marks whose fine tags follow each other: ~1 for robust marks, ~1/23 for anything else; and the
 * longest chain of such steps (eight in a row come by chance about once in 10^11 marks).
 */
export function syncScore(
  indexes: Uint8Array,
  alphabet: MarkAlphabet,
): { synced: number; pairs: number; longestChain: number } {
  const markOfIndex = alphabet.markOfIndex;
  let synced = 0;
  let chain = 0;
  let longestChain = 0;
  let previous = -2;
  for (let i = 0; i < indexes.length; i++) {
    const fine = markOfIndex[indexes[i]] >> 2;
    if (fine === previous + 1 || (fine === 0 && previous === BLOCK - 1)) {
      synced++;
      if (++chain > longestChain) longestChain = chain;
    } else chain = 0;
    previous = fine;
  }
  return { synced, pairs: Math.max(0, indexes.length - 1), longestChain };
}

/** Each mark's fields under an alphabet: fine tag, index-channel bit, payload bit. */
export interface MarkFields {
  fine: Uint8Array;
  indexBit: Uint8Array;
  bit: Uint8Array;
}

export function markFields(indexes: Uint8Array, alphabet: MarkAlphabet): MarkFields {
  const count = indexes.length;
  const fine = new Uint8Array(count);
  const indexBit = new Uint8Array(count);
  const bit = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const packed = alphabet.markOfIndex[indexes[i]];
    fine[i] = packed >> 2;
    indexBit[i] = (packed >> 1) & 1;
    bit[i] = packed & 1;
  }
  return { fine, indexBit, bit };
}

/** Places every mark: each block of marks tells its block index, so no loss or insertion shifts the rest. */
export function locateMarks(indexes: Uint8Array, alphabet: MarkAlphabet): LocatedMarks | null {
  const count = indexes.length;
  const { fine, indexBit, bit } = markFields(indexes, alphabet);
  const width = voteIndexWidth(fine, indexBit, 0, count);
  if (width < 1 || width > INDEX_FIELD_SLOTS) return null;

  const blocks = splitBlocks(fine, indexBit, width, 0, count);
  resolveUnknownIndexes(blocks, width);

  const position = new Int32Array(count).fill(-1);
  const copy = new Int32Array(count).fill(-1);
  let copies = 0;
  let previousIndex = Infinity;
  for (const block of blocks) {
    if (block.index < 0) continue;
    if (block.index <= previousIndex) copies++;
    previousIndex = block.index;
    for (let i = block.start; i < block.end; i++) {
      // a mark whose index bit contradicts its block is most likely foreign: its payload bit gets no vote
      if (indexBit[i] !== indexChannelBit(fine[i], block.index, width)) continue;
      position[i] = block.index * BLOCK + fine[i];
      copy[i] = copies - 1;
    }
  }
  return { count, bit, position, copy, copies };
}

/**
 * W, the width of the block index, is written in fine positions 0..4 of every block: one majority over marks
 * [from, to).
 */
export function voteIndexWidth(fine: Uint8Array, indexBit: Uint8Array, from: number, to: number): number {
  const ones = new Int32Array(WIDTH_FIELD_BITS);
  const seen = new Int32Array(WIDTH_FIELD_BITS);
  for (let i = from; i < to; i++) {
    if (fine[i] >= WIDTH_FIELD_BITS) continue;
    seen[fine[i]]++;
    ones[fine[i]] += indexBit[i];
  }
  let width = 0;
  for (let b = 0; b < WIDTH_FIELD_BITS; b++) if (ones[b] * 2 > seen[b]) width |= 1 << b;
  return width;
}

export interface Block {
  start: number;
  end: number;
  /** the block index, -1 while unknown */
  index: number;
  /** bits of the index the block's own marks settle, and their values */
  knownMask: number;
  knownValue: number;
}

/**
 * A block is a run of marks with rising fine tags. When its index bits disagree, either a foreign mark sits in it
 * (one stray bit: the majority outvotes it) or a large cut joined the ends of two blocks (two consistent halves):
 * the block is split where that removes at least two disagreements.
 */
export function splitBlocks(fine: Uint8Array, indexBit: Uint8Array, width: number, from: number, to: number): Block[] {
  const blocks: Block[] = [];
  let start = from;
  for (let i = from + 1; i <= to; i++) {
    if (i < to && fine[i] > fine[i - 1]) continue;
    const whole = readBlockIndex(fine, indexBit, width, start, i);
    let bestCut = -1;
    let fewest = whole.disagreements - 1;
    for (let cut = start + 1; cut < i && whole.disagreements >= 2; cut++) {
      const split =
        readBlockIndex(fine, indexBit, width, start, cut).disagreements +
        readBlockIndex(fine, indexBit, width, cut, i).disagreements;
      if (split < fewest) {
        fewest = split;
        bestCut = cut;
      }
    }
    if (bestCut < 0) blocks.push(whole.block);
    else
      blocks.push(
        readBlockIndex(fine, indexBit, width, start, bestCut).block,
        readBlockIndex(fine, indexBit, width, bestCut, i).block,
      );
    start = i;
  }
  return blocks;
}

const scratchOnes = new Int32Array(INDEX_FIELD_SLOTS);
const scratchZeros = new Int32Array(INDEX_FIELD_SLOTS);

function readBlockIndex(
  fine: Uint8Array,
  indexBit: Uint8Array,
  width: number,
  start: number,
  end: number,
): { block: Block; disagreements: number } {
  const ones = scratchOnes.fill(0, 0, width);
  const zeros = scratchZeros.fill(0, 0, width);
  for (let i = start; i < end; i++) {
    if (fine[i] < WIDTH_FIELD_BITS) continue;
    const b = (fine[i] - WIDTH_FIELD_BITS) % width;
    if (indexBit[i] === 1) ones[b]++;
    else zeros[b]++;
  }
  let knownMask = 0;
  let knownValue = 0;
  let disagreements = 0;
  for (let b = 0; b < width; b++) {
    disagreements += Math.min(ones[b], zeros[b]);
    if (ones[b] === zeros[b]) continue;
    knownMask |= 1 << b;
    if (ones[b] > zeros[b]) knownValue |= 1 << b;
  }
  const full = (1 << width) - 1;
  return { block: { start, end, index: knownMask === full ? knownValue : -1, knownMask, knownValue }, disagreements };
}

/**
 * A block whose own marks leave index bits open takes the index its neighbours imply: one after the previous
 * block, wrapping to 0 after the copy's last block, or one before the next block.
 */
export function resolveUnknownIndexes(blocks: Block[], width: number): void {
  const blocksPerCopy = blocksPerCopyOf(blocks, width);
  const fits = (block: Block, index: number): boolean => index >= 0 && (index & block.knownMask) === block.knownValue;
  for (let j = 0; j < blocks.length; j++) {
    const block = blocks[j];
    if (block.index >= 0) continue;
    const previous = j > 0 ? blocks[j - 1].index : -1;
    const next = j + 1 < blocks.length ? blocks[j + 1].index : -1;
    const candidates = [
      previous >= 0 ? (previous + 1) % blocksPerCopy : -1,
      next >= 0 ? (next + blocksPerCopy - 1) % blocksPerCopy : -1,
    ];
    block.index = candidates.find((index) => fits(block, index)) ?? -1;
  }
}

/** The highest block index that blocks read in full show often enough to be no stray, plus one. */
function blocksPerCopyOf(blocks: Block[], width: number): number {
  const seen = new Int32Array(2 ** width);
  for (const block of blocks) if (block.index >= 0) seen[block.index]++;
  // a loop, not Math.max(...seen): up to 2^18 arguments overflow the stack
  let most = 0;
  for (const count of seen) if (count > most) most = count;
  const threshold = Math.max(1, most / 4);
  for (let index = seen.length - 1; index > 0; index--) if (seen[index] >= threshold) return index + 1;
  return seen.length;
}
