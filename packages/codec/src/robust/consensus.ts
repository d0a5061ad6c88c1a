import type { LocatedMarks } from './locate.js';
import { frameOverheadFor, parseFrameAt, type Frame } from '../frame.js';

/**
 * When the plain majority does not verify, the least certain bits (ties first, then the narrowest majorities)
 * are tried both ways, fewest changes first, and the CRC picks: at most 2^12 frame checks, which keeps the
 * chance that a wrong frame passes CRC-32 by accident below 1 in a million (keyed frames also have the GCM tag,
 * signed frames the signature: such a frame reads as "invalid", never as validly signed).
 */
const MAX_DOUBTFUL_BITS = 12;
const MAX_DOUBTFUL_MARGIN = 2;
let masksByChangesTable: number[] | undefined;

/**
 * Every non-empty mask of MAX_DOUBTFUL_BITS bits, fewest set bits first, then by value. Built on the first doubtful
 * vote rather than at load, which every CLI command pays (bucketed: no sort).
 */
function masksByChanges(): number[] {
  if (masksByChangesTable) return masksByChangesTable;
  const buckets: number[][] = Array.from({ length: MAX_DOUBTFUL_BITS + 1 }, () => []);
  for (let mask = 1; mask < 2 ** MAX_DOUBTFUL_BITS; mask++) buckets[popCount(mask)].push(mask);
  masksByChangesTable = buckets.flat();
  return masksByChangesTable;
}

export interface Consensus {
  frame: Frame;
  /** the verified frame's bits, MSB first */
  bytes: Uint8Array;
  /** frame bit positions that at least one surviving mark carried */
  bitsRecovered: number;
}

/**
 * Majority vote per copy position across every copy, then the frame check (CRC-32, and GCM later for keyed
 * frames) decides: a vote that does not verify is never returned.
 */
export function voteFrame(marks: LocatedMarks): Consensus | null {
  let size = 0;
  for (let i = 0; i < marks.count; i++) size = Math.max(size, marks.position[i] + 1);
  const ones = new Int32Array(size);
  const votes = new Int32Array(size);
  for (let i = 0; i < marks.count; i++) {
    const p = marks.position[i];
    if (p < 0) continue;
    votes[p]++;
    ones[p] += marks.bit[i];
  }
  return decideFrame(ones, votes, size);
}

/** The frame the tallied votes (ones and votes per copy position, below `size`) verify, or null. */
export function decideFrame(ones: Int32Array, votes: Int32Array, size: number): Consensus | null {
  const bytes = new Uint8Array(Math.ceil(size / 8));
  for (let p = 0; p < size; p++) if (ones[p] * 2 > votes[p]) bytes[p >> 3] |= 0x80 >> (p & 7);
  const frame = parseFrameAt(bytes, 0) ?? tryDoubtfulBits(bytes, doubtfulBits(ones, votes, frameBitsBound(bytes)));
  if (!frame) return null;
  let bitsRecovered = 0;
  for (let p = 0; p < frame.end * 8; p++) if (votes[p] > 0) bitsRecovered++;
  return { frame, bytes: bytes.subarray(0, frame.end), bitsRecovered };
}

/** The least certain bits inside the frame, ties first; null when more ties than can be tried. */
function doubtfulBits(ones: Int32Array, votes: Int32Array, bound: number): number[] | null {
  const byMargin: number[][] = Array.from({ length: MAX_DOUBTFUL_MARGIN + 1 }, () => []);
  for (let p = 0; p < Math.min(bound, votes.length); p++) {
    const margin = Math.abs(2 * ones[p] - votes[p]);
    if (margin <= MAX_DOUBTFUL_MARGIN && byMargin[margin].length < MAX_DOUBTFUL_BITS) byMargin[margin].push(p);
    else if (margin === 0) return null;
  }
  return byMargin.flat().slice(0, MAX_DOUBTFUL_BITS);
}

function tryDoubtfulBits(bytes: Uint8Array, doubtful: number[] | null): Frame | null {
  if (!doubtful || doubtful.length === 0) return null;
  const original = bytes.slice();
  for (const mask of masksByChanges()) {
    if (mask >= 2 ** doubtful.length) continue;
    bytes.set(original);
    doubtful.forEach((p, k) => {
      if ((mask >> k) & 1) bytes[p >> 3] ^= 0x80 >> (p & 7);
    });
    const frame = parseFrameAt(bytes, 0);
    if (frame) return frame;
  }
  return null;
}

function popCount(value: number): number {
  let count = 0;
  for (; value; value &= value - 1) count++;
  return count;
}

// the bound unsigned frames have always had: kept so that their damaged copies are searched exactly as before
const UNSIGNED_OVERHEAD_BOUND = 36;

/** Bits past the frame (padding, a longer copy's tail) cannot matter; the header's length tells where it ends. */
function frameBitsBound(bytes: Uint8Array): number {
  let length = 0;
  let pos = 2;
  for (let shift = 0; pos < bytes.length && shift < 28; shift += 7) {
    const byte = bytes[pos++];
    length += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) {
      const overhead = Math.max(UNSIGNED_OVERHEAD_BOUND, frameOverheadFor(bytes[1]));
      return Math.min(bytes.length, pos + length + overhead) * 8;
    }
  }
  return bytes.length * 8;
}
