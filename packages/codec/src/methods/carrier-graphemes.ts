import { NOT_CARRIER, carrierFloorAt, isWhiteSpace, type MarkPositions } from '../carriers.js';
import { graphemes, type Grapheme } from '../graphemes.js';

/** Carrier graphemes in text order, each with the lowest byte that may start its run (carriers.ts). */
export interface Carriers {
  graphemes: Grapheme[];
  floors: number[];
}

/** Grapheme clusters of `text` from `from` (a grapheme boundary) on, lazily, with offsets into `text`. */
export function* graphemesFrom(text: string, from = 0): Generator<Grapheme> {
  const rest = from === 0 ? text : text.slice(from);
  for (const grapheme of graphemes(rest))
    yield from === 0 ? grapheme : { segment: grapheme.segment, index: grapheme.index + from };
}

/** The floor of `grapheme` as a carrier of `text` at the positions `positions` takes, or NOT_CARRIER. */
export const floorOf = (text: string, grapheme: Grapheme, positions: MarkPositions): number =>
  carrierFloorAt(grapheme.segment, text, grapheme.index + grapheme.segment.length, positions);

/**
 * The first `limit` carrier graphemes of `text` from `from` (a grapheme boundary) on (fewer when the text has fewer),
 * segmenting no further than needed.
 */
export const firstCarriers = (text: string, limit: number, positions: MarkPositions, from = 0): Carriers =>
  collectCarriers(text, limit, positions, from, false);

/**
 * Up to `limit` carrier graphemes of the first whitespace-delimited word from `from` on that has any
 * (a leading word without carriers, such as "©" or "2024", is skipped).
 */
export const firstWordCarriers = (text: string, limit: number, positions: MarkPositions, from = 0): Carriers =>
  collectCarriers(text, limit, positions, from, true);

/** Carriers in text order until there are `limit`; with `oneWord`, also until the end of the first word with any. */
function collectCarriers(
  text: string,
  limit: number,
  positions: MarkPositions,
  from: number,
  oneWord: boolean,
): Carriers {
  const carriers: Carriers = { graphemes: [], floors: [] };
  if (limit <= 0) return carriers;
  for (const grapheme of graphemesFrom(text, from)) {
    if (oneWord && isWordBreak(grapheme.segment.charCodeAt(0))) {
      if (carriers.floors.length > 0) break;
      continue;
    }
    const floor = floorOf(text, grapheme, positions);
    if (floor === NOT_CARRIER) continue;
    carriers.graphemes.push(grapheme);
    carriers.floors.push(floor);
    if (carriers.floors.length === limit) break;
  }
  return carriers;
}

/** White space, or a byte order mark (U+FEFF): neither is part of a word. */
const isWordBreak = (unit: number): boolean => isWhiteSpace(unit) || unit === 0xfeff;

/** Whether the text from `from` on holds more than one whitespace-delimited word. */
export const hasSeveralWords = (text: string, from = 0): boolean =>
  /\S\s+\S/u.test(from === 0 ? text : text.slice(from));

/** Where the marks may start when the first `lines` lines stay unmarked: after the `lines`th line feed. */
export function afterLines(text: string, lines: number): number {
  let from = 0;
  for (let line = 0; line < lines; line++) {
    const feed = text.indexOf('\n', from);
    if (feed < 0) return text.length;
    from = feed + 1;
  }
  return from;
}
