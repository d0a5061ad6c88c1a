import type { Grapheme } from '../graphemes.js';
import type { Method } from '../types.js';
import { CodecError } from '../errors.js';
import type { Carriers } from './carrier-graphemes.js';
import { FLOOR_MASK, NO_BMP_SELECTORS } from '../carriers.js';

/**
 * Where a frame goes: `bytesPerCarrier` bytes after each carrier grapheme in turn, each run starting with a byte
 * at or above its carrier's floor (see runsOf).
 */
export interface Placement {
  carriers: Carriers;
  bytesPerCarrier: number;
  method: Exclude<Method, 'auto'>;
  /** reported in stats for single and chunked */
  chunkSize?: number;
  /** the most bytes one run may hold (`char`, `pattern`) */
  maxRun?: number;
}

/** One run of the frame: frame[start, end) after `carrier`. */
export interface Run {
  carrier: Grapheme;
  start: number;
  end: number;
}

/** A variation-selector run can carry at most this many bytes per grapheme with `char` and `pattern` (spec). */
export const MAX_BYTES_PER_GRAPHEME = 256;

export function carrierTooShort(required: number, available: number, where: string): CodecError {
  return new CodecError(
    'CARRIER_TOO_SHORT',
    `Text too short to embed watermark: ${where} needs ${required} carrier grapheme${required === 1 ? '' : 's'}, ` +
      `has ${available}`,
    required,
  );
}

/**
 * Spreads `frameLength` bytes as evenly as the carriers allow, at most 256 bytes per grapheme (`char`, `pattern`):
 * each carrier gets ceil(frameLength / carriers) bytes, so fewer carriers than available may be used.
 */
export function spreadEvenly(
  carriers: Carriers,
  frameLength: number,
  method: 'char' | 'pattern',
  where: string,
): Placement {
  const count = carriers.floors.length;
  const perCarrier = Math.ceil(frameLength / Math.max(count, 1));
  if (count === 0 || perCarrier > MAX_BYTES_PER_GRAPHEME) {
    throw carrierTooShort(Math.ceil(frameLength / MAX_BYTES_PER_GRAPHEME), count, where);
  }
  const used = Math.ceil(frameLength / perCarrier);
  return { carriers: firstOf(carriers, used), bytesPerCarrier: perCarrier, method, maxRun: MAX_BYTES_PER_GRAPHEME };
}

export const firstOf = (carriers: Carriers, count: number): Carriers => ({
  graphemes: carriers.graphemes.slice(0, count),
  floors: carriers.floors.slice(0, count),
});

/**
 * The frame cut into runs, in order: each carrier takes the next `bytesPerCarrier` bytes. A carrier whose floor
 * the next byte is below (an ideograph before an ASCII byte) takes none: the bytes up to one it may start with join
 * the run before, as does whatever is left when the carriers run out. The frame's first byte (0xF7) is above
 * every floor, so the first carrier always starts.
 */
export function runsOf(placement: Placement, frame: Uint8Array): Run[] {
  const { graphemes, floors } = placement.carriers;
  const runs: Run[] = [];
  let at = 0;
  for (let i = 0; i < floors.length && at < frame.length; i++) {
    const floor = floors[i] & FLOOR_MASK;
    if (frame[at] < floor) {
      let start = at;
      while (start < frame.length && frame[start] < floor) start++;
      if (runs.length === 0) continue;
      runs[runs.length - 1].end = at = start;
      if (at === frame.length) break;
    }
    const end = Math.min(at + placement.bytesPerCarrier, frame.length);
    runs.push({ carrier: graphemes[i], start: at, end });
    at = end;
  }
  if (runs.length === 0) throw carrierTooShort(1, 0, `method ${placement.method}`);
  runs[runs.length - 1].end = frame.length;
  const maxRun = placement.maxRun ?? Infinity;
  const longest = Math.max(...runs.map((run) => run.end - run.start));
  if (longest > maxRun) throw runTooLong(placement, longest, maxRun);
  return runs;
}

/**
 * A run longer than the method allows although every carrier took its share: bytes below a carrier's floor (ASCII
 * after an ideograph) joined the run before. More carriers of the same kind do not help, so the error names what
 * does, and gives no required length.
 */
function runTooLong(placement: Placement, longest: number, maxRun: number): CodecError {
  return new CodecError(
    'CARRIER_TOO_SHORT',
    `Text too short to embed watermark: method ${placement.method} holds at most ${maxRun} bytes per grapheme, and ` +
      `${longest} bytes of this secret must follow one grapheme: after an ideograph (Chinese, Japanese kanji…) a ` +
      'run cannot start with a byte below 0x80, so the ASCII bytes of the secret join the run before. More ' +
      'ideographs do not help; what does: method chunked or single, char with firstLetterOnly, a shorter secret, ' +
      'or letters that are no ideographs in the marked word',
  );
}

/** Whether a carrier of the placement takes no VS1-VS16 in its run: the frame must go in its v2 form. */
export const needsStuffedFrame = (placement: Placement): boolean =>
  placement.carriers.floors.some((floor) => (floor & NO_BMP_SELECTORS) !== 0);
