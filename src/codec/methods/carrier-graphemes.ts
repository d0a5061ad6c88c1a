import { isCarrier } from '../carriers.js';
import { graphemes, type Grapheme } from '../graphemes.js';

/** Grapheme clusters of `text` from `from` (a grapheme boundary) on, lazily, with offsets into `text`. */
export function* graphemesFrom(text: string, from = 0): Generator<Grapheme> {
  const rest = from === 0 ? text : text.slice(from);
  for (const grapheme of graphemes(rest)) yield from === 0 ? grapheme : { segment: grapheme.segment, index: grapheme.index + from };
}

/** The first `limit` carrier graphemes of `text` (fewer when the text has fewer), segmenting no further than needed. */
export function firstCarriers(text: string, limit: number): Grapheme[] {
  const carriers: Grapheme[] = [];
  if (limit <= 0) return carriers;
  for (const grapheme of graphemes(text)) {
    if (!isCarrier(grapheme.segment)) continue;
    carriers.push(grapheme);
    if (carriers.length === limit) break;
  }
  return carriers;
}

const WHITESPACE = /^\s/u;

/**
 * Up to `limit` carrier graphemes of the first whitespace-delimited word that has any
 * (a leading word without carriers, such as "©" or "2024", is skipped).
 */
export function firstWordCarriers(text: string, limit: number): Grapheme[] {
  const carriers: Grapheme[] = [];
  for (const grapheme of graphemes(text)) {
    if (WHITESPACE.test(grapheme.segment)) {
      if (carriers.length > 0) break;
      continue;
    }
    if (!isCarrier(grapheme.segment)) continue;
    carriers.push(grapheme);
    if (carriers.length === limit) break;
  }
  return carriers;
}

/** Whether the text holds more than one whitespace-delimited word. */
export const hasSeveralWords = (text: string): boolean => /\S\s+\S/u.test(text);
