import type { MarkPositions } from '../carriers.js';
import { firstCarriers } from './carrier-graphemes.js';
import { carrierTooShort, type Placement } from './placement.js';

/** `single` (chunkSize 1) and `chunked`: chunkSize bytes after each carrier grapheme from `from` on. */
export function placeChunks(
  text: string,
  frameLength: number,
  chunkSize: number,
  method: 'single' | 'chunked',
  positions: MarkPositions,
  from = 0,
): Placement {
  const needed = Math.ceil(frameLength / chunkSize);
  const carriers = firstCarriers(text, needed, positions, from);
  const found = carriers.floors.length;
  if (found < needed) throw carrierTooShort(needed, found, `method ${method} (chunk size ${chunkSize})`);
  return { carriers, bytesPerCarrier: chunkSize, method, chunkSize };
}
