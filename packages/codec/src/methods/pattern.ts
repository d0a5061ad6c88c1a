import { NOT_CARRIER, type MarkPositions } from '../carriers.js';
import { CodecError } from '../errors.js';
import { floorOf, graphemesFrom, type Carriers } from './carrier-graphemes.js';
import { spreadEvenly, type Placement } from './placement.js';

/**
 * `pattern`: the frame spread (as with `char`) over the carrier graphemes of the first occurrence of `pattern` from
 * `from` on.
 */
export function placeInPattern(
  text: string,
  frameLength: number,
  pattern: string,
  positions: MarkPositions,
  from = 0,
): Placement {
  const start = text.indexOf(pattern, from);
  if (start < 0)
    throw new CodecError('PATTERN_NOT_FOUND', `The text does not contain the pattern ${JSON.stringify(pattern)}`);
  const end = start + pattern.length;
  const carriers: Carriers = { graphemes: [], floors: [] };
  // Segment from the line start: a grapheme boundary always follows a line feed (UAX #29, GB4).
  for (const grapheme of graphemesFrom(text, text.lastIndexOf('\n', start - 1) + 1)) {
    if (grapheme.index >= end || carriers.floors.length === frameLength) break;
    if (grapheme.index < start) continue;
    const floor = floorOf(text, grapheme, positions);
    if (floor === NOT_CARRIER) continue;
    carriers.graphemes.push(grapheme);
    carriers.floors.push(floor);
  }
  return spreadEvenly(carriers, frameLength, 'pattern', `the pattern ${JSON.stringify(pattern)}`);
}
