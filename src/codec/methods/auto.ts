import { firstCarriers, hasSeveralWords } from './carrier-graphemes.js';
import { carrierTooShort, type Placement } from './placement.js';
import { placeInFirstWord } from './word.js';

/** `auto`: one word → char; several words → chunked with the smallest chunk size that fits the carrier graphemes. */
export function placeAuto(text: string, frameLength: number): Placement {
  if (!hasSeveralWords(text)) return placeInFirstWord(text, frameLength, false);
  const carriers = firstCarriers(text, frameLength);
  if (carriers.length === 0) throw carrierTooShort(1, 0, 'method auto');
  const chunkSize = Math.ceil(frameLength / carriers.length);
  return { carriers: carriers.slice(0, Math.ceil(frameLength / chunkSize)), bytesPerCarrier: chunkSize, method: 'chunked', chunkSize };
}
