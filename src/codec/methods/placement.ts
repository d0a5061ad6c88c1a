import type { Grapheme } from '../graphemes.js';
import type { Method } from '../types.js';
import { CodecError } from '../errors.js';

/** Where a frame goes: `bytesPerCarrier` bytes after each carrier grapheme in turn (the last may get fewer). */
export interface Placement {
  carriers: Grapheme[];
  bytesPerCarrier: number;
  method: Exclude<Method, 'auto'>;
  /** reported in stats for single and chunked */
  chunkSize?: number;
}

/** A variation-selector run can carry at most this many bytes per grapheme with `char` and `pattern` (spec). */
export const MAX_BYTES_PER_GRAPHEME = 256;

export function carrierTooShort(required: number, available: number, where: string): CodecError {
  return new CodecError(
    'CARRIER_TOO_SHORT',
    `Text too short to embed watermark: ${where} needs ${required} carrier grapheme${required === 1 ? '' : 's'}, has ${available}`,
    required,
  );
}

/**
 * Spreads `frameLength` bytes as evenly as the carriers allow, at most 256 bytes per grapheme (`char`, `pattern`):
 * each carrier gets ceil(frameLength / carriers) bytes, so fewer carriers than available may be used.
 */
export function spreadEvenly(carriers: Grapheme[], frameLength: number, method: 'char' | 'pattern', where: string): Placement {
  const perCarrier = Math.ceil(frameLength / Math.max(carriers.length, 1));
  if (carriers.length === 0 || perCarrier > MAX_BYTES_PER_GRAPHEME) {
    throw carrierTooShort(Math.ceil(frameLength / MAX_BYTES_PER_GRAPHEME), carriers.length, where);
  }
  return { carriers: carriers.slice(0, Math.ceil(frameLength / perCarrier)), bytesPerCarrier: perCarrier, method };
}
