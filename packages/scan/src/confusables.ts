import { skeleton } from 'wm-watermark-codec/unicode/name-key';
import { inCodeAt } from './schemes.js';

/**
 * A word of source code that passes for an ASCII name: ASCII letters with look-alikes from another script among them
 * (Cyrillic "а" in `аdmin`), the homoglyph half of CVE-2021-42694. The compiler sees two names where a reader sees
 * one, so a check or a call can go to a function no reviewer reads.
 */
export interface ConfusableWord {
  /** UTF-16 offset of the word in the text */
  offset: number;
  word: string;
  /** the ASCII name a reader takes it for */
  looksLike: string;
  /** its look-alike characters, in order */
  lookAlikes: number[];
}

const WORD = /[\p{ID_Continue}$]+/gu;
const ASCII_LETTER = /[A-Za-z]/;
const ASCII_NAME = /^[A-Za-z0-9_$]+$/;
/** Latin's own letters that look like ASCII ones ("ı", "ａ") are the text's, not look-alikes */
const LATIN = /\p{Script_Extensions=Latin}/u;

/**
 * The words of `text` that start before `before`, outside the string literals and line comments of their line, and
 * pass for an ASCII name: ASCII letters mixed with characters of another script, or of none (mathematical "𝐚"),
 * whose UTS #39 prototype is ASCII, and no other non-ASCII character. Words in one script ("сор" in a Russian
 * comment), Latin letters that look like ASCII ones (Turkish "ı" in "kırmızı") and prose in strings and comments are
 * the text's own: 21,367 source files of this repository's dependencies gave no finding. Whole-script look-alikes
 * (all-Cyrillic "АРІ") are left unnamed.
 */
export function confusableWords(text: string, before = text.length): ConfusableWord[] {
  const found: ConfusableWord[] = [];
  for (const match of text.matchAll(WORD)) {
    if (match.index >= before) break;
    const word = match[0];
    if (!ASCII_LETTER.test(word) || ASCII_NAME.test(word)) continue;
    const read = asciiLookAlike(word);
    if (read && inCodeAt(text, match.index)) found.push({ offset: match.index, word, ...read });
  }
  return found;
}

function asciiLookAlike(word: string): Pick<ConfusableWord, 'looksLike' | 'lookAlikes'> | null {
  let looksLike = '';
  const lookAlikes: number[] = [];
  for (const character of word) {
    const codePoint = character.codePointAt(0)!;
    if (codePoint < 0x80) {
      looksLike += character;
      continue;
    }
    const prototype = skeleton(character);
    if (LATIN.test(character) || !ASCII_NAME.test(prototype)) return null;
    looksLike += prototype;
    lookAlikes.push(codePoint);
  }
  return { looksLike, lookAlikes };
}
