import { graphemeSegments } from 'unicode-segmenter/grapheme';

export interface Grapheme {
  /** the extended grapheme cluster (UAX #29) */
  segment: string;
  /** its UTF-16 offset in the text */
  index: number;
}

/**
 * Extended grapheme clusters of `text`, lazily, so callers segment only as far as they need.
 * (Intl.Segmenter is quadratic on Node 20: see docs/PERFORMANCE.md.)
 */
export const graphemes = (text: string): IterableIterator<Grapheme> => graphemeSegments(text);
