import { PLAIN, WHITENED, type MarkAlphabet } from './alphabet.js';
import { voteFrame } from './consensus.js';
import { locateMarks, syncScore } from './locate.js';
import { joinPassages, sameBytes } from './passage-joins.js';
import { locatePassages, type Passage } from './passages.js';
import { readMarks } from './read-marks.js';
import { CodecError } from '../errors.js';
import type { Frame } from '../frame.js';
import type { WrapperVisitor } from '../scan.js';

/** One verified robust watermark: its frame (not yet opened) and where its marks are. */
export interface RobustFrame {
  frame: Frame;
  /** the verified frame's bytes */
  bytes: Uint8Array;
  /** frame bits that at least one surviving mark carried */
  bitsRecovered: number;
  copiesFound: number;
  copiesAgreeing: number;
  /** UTF-16 offset of its first mark, and just after its last */
  start: number;
  end: number;
  alphabet: MarkAlphabet;
}

export interface RobustSearch {
  /** every verified watermark, in text order */
  frames: RobustFrame[];
  /** robust marks read (foreign ones included) */
  markCount: number;
  /** set bits among them */
  setBits: number;
  /** whether the marks are robust marks at all (in sync under an alphabet): when none verifies, CORRUPTED */
  synced: boolean;
}

/**
 * Every robust watermark in the text, each verified (CRC-32) and with its span, never opened. Passages are told
 * apart by their marks (passages.ts); should that find none, the whole stream votes as one, as a text with one
 * watermark has always been read. C2PA text manifests met on the way go to `visitWrapper`.
 */
export function findRobustWatermarks(text: string, visitWrapper?: WrapperVisitor): RobustSearch {
  const { indexes, offsets } = readMarks(text, visitWrapper);
  let setBits = 0;
  const scores = [PLAIN, WHITENED].map((alphabet) => ({ alphabet, ...syncScore(indexes, alphabet) }));
  // the gate a single watermark has always passed: a stream that scores like noise under both holds none
  const gated = scores
    .filter(({ synced, pairs }) => synced >= 3 && synced * 4 >= pairs)
    .sort((a, b) => b.synced - a.synced)
    .map(({ alphabet }) => alphabet);
  // a passage of another stealth level may be a small part of the stream: its long in-sync chains show it
  const chained = scores.filter(({ longestChain }) => longestChain >= 8).map(({ alphabet }) => alphabet);
  const alphabets = [...new Set([...gated, ...chained])];
  const frames = alphabets.flatMap((alphabet) => passageFrames(indexes, offsets, alphabet));
  if (frames.length === 0) {
    const whole = wholeStreamFrame(indexes, offsets, gated);
    if (whole) frames.push(whole);
  }
  frames.sort((a, b) => a.start - b.start);
  mergeRepeats(frames);
  // the spec's confidence counts the set payload bits of every mark, read with the first watermark's alphabet
  if (frames.length > 0) {
    const { markOfIndex } = frames[0].alphabet;
    for (let i = 0; i < indexes.length; i++) setBits += markOfIndex[indexes[i]] & 1;
  }
  return { frames, markCount: indexes.length, setBits, synced: alphabets.length > 0 };
}

/**
 * Neighbours in the text with the same frame are one watermark, also when marks that cast no vote came between (a
 * stretch of foreign selectors): nothing in the marks tells them apart.
 */
function mergeRepeats(frames: RobustFrame[]): void {
  for (let k = 1; k < frames.length; k++) {
    const [first, second] = [frames[k - 1], frames[k]];
    if (first.alphabet !== second.alphabet || !sameBytes(first.bytes, second.bytes)) continue;
    first.end = Math.max(first.end, second.end);
    first.copiesFound += second.copiesFound;
    first.copiesAgreeing += second.copiesAgreeing;
    first.bitsRecovered = Math.max(first.bitsRecovered, second.bitsRecovered);
    frames.splice(k--, 1);
  }
}

function passageFrames(indexes: Uint8Array, offsets: Int32Array, alphabet: MarkAlphabet): RobustFrame[] {
  const { position, bit, passages } = locatePassages(indexes, alphabet);
  return joinPassages(passages, position, bit).flatMap((passage) => frameOf(passage, offsets, position, bit, alphabet));
}

function frameOf(
  passage: Passage,
  offsets: Int32Array,
  position: Int32Array,
  bit: Uint8Array,
  alphabet: MarkAlphabet,
): RobustFrame[] {
  const consensus = passage.consensus!;
  const voting = passage.blocks.filter((block) => block.index >= 0 && hasVote(block, position));
  if (voting.length === 0) return [];
  const frameBits = consensus.bytes.length * 8;
  const disagrees = (block: { start: number; end: number }): boolean => {
    for (let i = block.start; i < block.end; i++) {
      const p = position[i];
      if (p >= 0 && p < frameBits && ((consensus.bytes[p >> 3] >> (7 - (p & 7))) & 1) !== bit[i]) return true;
    }
    return false;
  };
  // The span runs from the first to the last block that clearly belongs: in step (three marks in a row at
  // consecutive positions) and agreeing with the frame. An edge block that is not is damage, a stray of the other
  // alphabet, or the first block of the next passage, whose header bits are nearly the same.
  const belongs = (block: { start: number; end: number }): boolean => {
    let steps = 0;
    for (let i = block.start + 1; i < block.end && steps < 3; i++) {
      if (position[i] >= 0 && position[i] === position[i - 1] + 1) steps++;
    }
    return steps >= 3 && !disagrees(block);
  };
  let first = 0;
  let last = voting.length - 1;
  while (first < last && !belongs(voting[first])) first++;
  while (last > first && !belongs(voting[last])) last--;
  let copies = 0;
  let disagreeing = 0;
  let copyDisagrees = false;
  let previous = Infinity;
  for (const block of voting) {
    if (block.index <= previous) {
      if (copyDisagrees) disagreeing++;
      copies++;
      copyDisagrees = false;
    }
    previous = block.index;
    copyDisagrees ||= disagrees(block);
  }
  if (copyDisagrees) disagreeing++;
  return [
    {
      frame: consensus.frame,
      bytes: consensus.bytes,
      bitsRecovered: consensus.bitsRecovered,
      copiesFound: copies,
      copiesAgreeing: copies - disagreeing,
      start: offsets[firstVote(voting[first], position)],
      end: offsets[lastVote(voting[last], position)] + 2,
      alphabet,
    },
  ];
}

/** The block's first and last marks that cast a vote (a block may begin with a stray that joined its run). */
function firstVote(block: { start: number; end: number }, position: Int32Array): number {
  let i = block.start;
  while (i < block.end - 1 && position[i] < 0) i++;
  return i;
}

function lastVote(block: { start: number; end: number }, position: Int32Array): number {
  let i = block.end - 1;
  while (i > block.start && position[i] < 0) i--;
  return i;
}

function hasVote(block: { start: number; end: number }, position: Int32Array): boolean {
  for (let i = block.start; i < block.end; i++) if (position[i] >= 0) return true;
  return false;
}

/** The single-watermark reading: every mark votes in one consensus (the first alphabet that verifies). */
function wholeStreamFrame(indexes: Uint8Array, offsets: Int32Array, alphabets: MarkAlphabet[]): RobustFrame | null {
  for (const alphabet of alphabets) {
    const located = locateMarks(indexes, alphabet);
    const consensus = located && voteFrame(located);
    if (!located || !consensus) continue;
    const frameBits = consensus.bytes.length * 8;
    const disagrees = new Uint8Array(located.copies);
    for (let i = 0; i < located.count; i++) {
      const p = located.position[i];
      if (p < 0 || p >= frameBits) continue;
      if (((consensus.bytes[p >> 3] >> (7 - (p & 7))) & 1) !== located.bit[i]) disagrees[located.copy[i]] = 1;
    }
    return {
      frame: consensus.frame,
      bytes: consensus.bytes,
      bitsRecovered: consensus.bitsRecovered,
      copiesFound: located.copies,
      copiesAgreeing: disagrees.reduce((agreeing, flag) => agreeing + (flag ^ 1), 0),
      start: offsets[0],
      end: offsets[indexes.length - 1] + 2,
      alphabet,
    };
  }
  return null;
}

/** CORRUPTED: robust marks, of which no passage verifies. */
export const noVerifiedCopy = (): CodecError =>
  new CodecError(
    'CORRUPTED',
    'Watermark data corrupted (integrity check fails): robust marks found, but no copy verifies',
  );
