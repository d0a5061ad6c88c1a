import { BLOCK } from './alphabet.js';
import { CodecError } from '../errors.js';

/**
 * One copy of the watermark is a whole number of blocks of BLOCK marks. Mark p of a copy carries frame bit p
 * (MSB first; zero padding after the frame) and one bit of the block-index channel:
 *   fine 0..4   -> bit `fine` of W, the width of the block index (the same in every block: a global vote finds it)
 *   fine 5..22  -> bit ((fine - 5) mod W) of B, the block's index in the copy (repeated, so damage is outvoted)
 * so every surviving block says where its bits belong, however many marks around it were lost or added.
 */
export const WIDTH_FIELD_BITS = 5;
export const INDEX_FIELD_SLOTS = BLOCK - WIDTH_FIELD_BITS; // 18
export const MAX_BLOCKS_PER_COPY = 2 ** INDEX_FIELD_SLOTS;

export interface CopyLayout {
  /** marks per copy: frame bits rounded up to whole blocks */
  length: number;
  /** packed marks fine*4 + indexBit*2 + bit, one per position of the copy */
  marks: Uint8Array;
}

export const indexWidthFor = (blocks: number): number => Math.max(1, Math.ceil(Math.log2(blocks)));

/**
 * The index-channel bit at `fine` for block `block` of a copy whose index width is `width`.
 * (block < MAX_BLOCKS_PER_COPY = 2^18: integer shifts are exact; decode asks once per mark.)
 */
export function indexChannelBit(fine: number, block: number, width: number): number {
  if (fine < WIDTH_FIELD_BITS) return (width >> fine) & 1;
  return (block >> ((fine - WIDTH_FIELD_BITS) % width)) & 1;
}

export function layoutCopy(frame: Uint8Array): CopyLayout {
  const frameBits = frame.length * 8;
  const blocks = Math.ceil(frameBits / BLOCK);
  if (blocks > MAX_BLOCKS_PER_COPY) {
    const maxBytes = Math.floor((MAX_BLOCKS_PER_COPY * BLOCK) / 8) - 64;
    throw new CodecError('INVALID_INPUT', `Secret too long for the robust codec (at most about ${maxBytes} bytes)`);
  }
  const width = indexWidthFor(blocks);
  const length = blocks * BLOCK;
  const marks = new Uint8Array(length);
  for (let p = 0; p < length; p++) {
    const block = Math.floor(p / BLOCK);
    const fine = p - block * BLOCK;
    const bit = p < frameBits ? (frame[p >> 3] >> (7 - (p & 7))) & 1 : 0;
    marks[p] = fine * 4 + indexChannelBit(fine, block, width) * 2 + bit;
  }
  return { length, marks };
}
