import type { MarkPositions } from '../carriers.js';
import { firstWordCarriers } from './carrier-graphemes.js';
import { carrierTooShort, spreadEvenly, type Placement } from './placement.js';

/**
 * `char`: the frame spread over the carrier graphemes of the first word; `firstLetterOnly`: all of it after the first.
 */
export function placeInFirstWord(
  text: string,
  frameLength: number,
  firstLetterOnly: boolean,
  positions: MarkPositions,
  from = 0,
): Placement {
  if (firstLetterOnly) {
    const carriers = firstWordCarriers(text, 1, positions, from);
    if (carriers.floors.length === 0) throw carrierTooShort(1, 0, 'method char');
    return { carriers, bytesPerCarrier: frameLength, method: 'char' };
  }
  const carriers = firstWordCarriers(text, frameLength, positions, from);
  return spreadEvenly(carriers, frameLength, 'char', 'method char (first word)');
}
