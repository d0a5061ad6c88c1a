import { BLOCK } from './alphabet.js';

/** The marks of one block: [start, end) of the mark stream. */
export interface BlockSpan {
  start: number;
  end: number;
}

/**
 * Votes per copy position of the marks given to it: ones and votes, as the consensus counts them. It also says how a
 * block's marks compare with the majority so far, which is how passages are told apart (passages.ts).
 */
export class Tally {
  readonly ones: Int32Array;
  readonly votes: Int32Array;
  /** one past the highest position voted on */
  size = 0;
  /** marks that voted */
  marks = 0;

  constructor(width: number) {
    const positions = 2 ** width * BLOCK;
    this.ones = new Int32Array(positions);
    this.votes = new Int32Array(positions);
  }

  add(block: BlockSpan, position: Int32Array, bit: Uint8Array): void {
    for (let i = block.start; i < block.end; i++) {
      const p = position[i];
      if (p < 0) continue;
      this.votes[p]++;
      this.ones[p] += bit[i];
      this.marks++;
      if (p >= this.size) this.size = p + 1;
    }
  }

  /**
   * How many of the block's placed marks agree and disagree with a decided majority; positions without one (no vote
   * yet, or a tie) are not compared.
   */
  compare(block: BlockSpan, position: Int32Array, bit: Uint8Array): { agree: number; disagree: number } {
    let agree = 0;
    let disagree = 0;
    for (let i = block.start; i < block.end; i++) {
      const p = position[i];
      if (p < 0 || p >= this.size) continue;
      const lean = this.ones[p] * 2 - this.votes[p];
      if (lean === 0) continue;
      if ((lean > 0 ? 1 : 0) === bit[i]) agree++;
      else disagree++;
    }
    return { agree, disagree };
  }
}
