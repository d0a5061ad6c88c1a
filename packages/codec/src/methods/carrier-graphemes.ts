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
export function firstCarriers(text: string, limit: number, positions: MarkPositions, from = 0): Carriers {
  const carriers: Carriers = { graphemes: [], floors: [] };
  if (limit <= 0) return carriers;
  for (const grapheme of graphemesFrom(text, from)) {
    const floor = floorOf(text, grapheme, positions);
    if (floor === NOT_CARRIER) continue;
    carriers.graphemes.push(grapheme);
    carriers.floors.push(floor);
    if (carriers.floors.length === limit) break;
  }
  return carriers;
}

/**
 * Up to `limit` carrier graphemes of the first whitespace-delimited word from `from` on that has any
 * (a leading word without carriers, such as "©" or "2024", is skipped).
 */
export function firstWordCarriers(text: string, limit: number, positions: MarkPositions, from = 0): Carriers {
  const carriers: Carriers = { graphemes: [], floors: [] };
  for (const grapheme of graphemesFrom(text, from)) {
    const unit = grapheme.segment.charCodeAt(0);
    if (isWhiteSpace(unit) || unit === 0xfeff) {
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
