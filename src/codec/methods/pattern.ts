import { isCarrier } from '../carriers.js';
import { CodecError } from '../errors.js';
import type { Grapheme } from '../graphemes.js';
import { graphemesFrom } from './carrier-graphemes.js';
import { spreadEvenly, type Placement } from './placement.js';

/** `pattern`: the frame spread (as with `char`) over the carrier graphemes of the first occurrence of `pattern`. */
export function placeInPattern(text: string, frameLength: number, pattern: string): Placement {
  const start = text.indexOf(pattern);
  if (start < 0) throw new CodecError('PATTERN_NOT_FOUND', `The text does not contain the pattern ${JSON.stringify(pattern)}`);
  const end = start + pattern.length;
  const carriers: Grapheme[] = [];
  // Segment from the line start: a grapheme boundary always follows a line feed (UAX #29, GB4).
  for (const grapheme of graphemesFrom(text, text.lastIndexOf('\n', start - 1) + 1)) {
    if (grapheme.index >= end || carriers.length === frameLength) break;
    if (grapheme.index >= start && isCarrier(grapheme.segment)) carriers.push(grapheme);
  }
  return spreadEvenly(carriers, frameLength, 'pattern', `the pattern ${JSON.stringify(pattern)}`);
}
