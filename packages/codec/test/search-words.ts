// Which words of a text a search still finds in its watermarked copy (docs/FORMAT.md, "Whole words"): the one
// measure shared by the whole-words tests and `npm run report:placements`.

export interface SearchFinding {
  /** how many words the original has (with repeats) */
  words: number;
  /** the words the watermarked text no longer yields, in text order */
  missing: string[];
}

export interface SearchFindings {
  /**
   * grep -F, SQL LIKE '%word%': each run of letters, marks and digits, with the punctuation that joins one word
   * ("don’t", "e-mail", "3.14", Tibetan's tsheg); a whole run of Chinese or Japanese between punctuation counts as one
   */
  substring: SearchFinding;
  /** a tokenising index: the word segments of UAX #29 (ICU's, as Lucene's and Elasticsearch's standard tokeniser) */
  tokens: SearchFinding;
}

const TYPED_WORD = /[\p{L}\p{M}\p{N}]+(?:[-'’‘‐‑.,:·་_][\p{L}\p{M}\p{N}]+)*/gu;

/** The words one types into grep: runs of letters, marks and digits with the punctuation inside a word. */
export const typedWords = (text: string): string[] => text.match(TYPED_WORD) ?? [];

// Intl.Segmenter is quadratic on Node 20 (V8 bug): segment line by line, as no word spans a line break.
const segmenter = new Intl.Segmenter('en', { granularity: 'word' });
export const wordTokens = (text: string): string[] =>
  text.split('\n').flatMap((line) => [...segmenter.segment(line)].filter((s) => s.isWordLike).map((s) => s.segment));

export function searchFindings(original: string, watermarked: string): SearchFindings {
  const typed = typedWords(original);
  const tokens = wordTokens(original);
  const markedTokens = new Set(wordTokens(watermarked));
  return {
    substring: { words: typed.length, missing: typed.filter((word) => !watermarked.includes(word)) },
    tokens: { words: tokens.length, missing: tokens.filter((token) => !markedTokens.has(token)) },
  };
}
