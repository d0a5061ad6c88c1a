import type { MarkPositions } from '../carriers.js';
import { firstCarriers, hasSeveralWords } from './carrier-graphemes.js';
import { carrierTooShort, firstOf, type Placement } from './placement.js';
import { placeInFirstWord } from './char.js';

/** `auto`: one word → char; several words → chunked with the smallest chunk size that fits the carrier graphemes. */
export function placeAuto(text: string, frameLength: number, positions: MarkPositions, from = 0): Placement {
  if (!hasSeveralWords(text, from)) return placeInFirstWord(text, frameLength, false, positions, from);
  const carriers = firstCarriers(text, frameLength, positions, from);
  const found = carriers.floors.length;
  if (found === 0) throw carrierTooShort(1, 0, 'method auto');
  const chunkSize = Math.ceil(frameLength / found);
  return {
    carriers: firstOf(carriers, Math.ceil(frameLength / chunkSize)),
    bytesPerCarrier: chunkSize,
    method: 'chunked',
    chunkSize,
  };
}
