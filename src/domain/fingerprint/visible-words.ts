/**
 * The words of a text as a reader sees them, after everything a leaked copy may have gone through that changes no
 * word: every default-ignorable character dropped (which takes every hidden mark with it: variation selectors, ours
 * and other tools', C2PA manifests, tag characters, zero-width characters; and soft hyphens, joiners, presentation
 * selectors, which a platform may keep or drop), Unicode NFKC (ﬁ → fi, full-width → ASCII), lower case, and
 * punctuation and whitespace only as word boundaries (so re-wrapping, spacing, quotes and line ends do not count).
 * A word is a run of letters, digits and combining marks.
 *
 * Scripts written without spaces between words (Han, kana, Thai, Lao, Khmer, Myanmar) give one token per character
 * (with its combining marks) instead: a dictionary word breaker (Intl.Segmenter) would tie every stored fingerprint to
 * the ICU version that made it, and Unicode keeps characters and their scripts stable. Such a token weighs half a
 * word (see `WORD_UNITS`), so a shingle spans about as much text in every script.
 */

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const UNSPACED_SCRIPTS =
  '\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}\\p{sc=Thai}\\p{sc=Lao}\\p{sc=Khmer}\\p{sc=Myanmar}';
const HAS_UNSPACED = new RegExp(`[${UNSPACED_SCRIPTS}]`, 'u');
const UNSPACED_SPLIT = new RegExp(
  `[${UNSPACED_SCRIPTS}]\\p{M}*|(?:(?![${UNSPACED_SCRIPTS}])[\\p{L}\\p{N}\\p{M}])+`,
  'gu',
);

/** What a token is worth in a shingle: a word 2, a character of an unspaced script 1 (half a word). */
export const WORD_UNITS = { word: 2, character: 1 } as const;

export interface VisibleWords {
  tokens: string[];
  /** WORD_UNITS of each token */
  units: Uint8Array;
}

/** The normalised visible text: what the tokens are read from (exported for tests). */
export function normaliseVisibleText(text: string): string {
  return text.replace(DEFAULT_IGNORABLE, '').normalize('NFKC').toLowerCase().normalize('NFKC');
}

export function visibleWords(text: string): VisibleWords {
  const tokens: string[] = [];
  const units: number[] = [];
  for (const [word] of normaliseVisibleText(text).matchAll(WORD)) {
    if (!HAS_UNSPACED.test(word)) {
      tokens.push(word);
      units.push(WORD_UNITS.word);
      continue;
    }
    for (const [part] of word.matchAll(UNSPACED_SPLIT)) {
      tokens.push(part);
      units.push(HAS_UNSPACED.test(part) ? WORD_UNITS.character : WORD_UNITS.word);
    }
  }
  return { tokens, units: Uint8Array.from(units) };
}
