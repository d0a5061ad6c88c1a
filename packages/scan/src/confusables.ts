import { skeleton } from 'wm-watermark-codec/unicode/name-key';
import { LineStretches } from './line-stretches.js';
import { codePointBefore, inCodeAt } from './schemes.js';

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

/** A word (as a name of source code has it), matched where it starts */
const WORD = /[\p{ID_Continue}$]+/uy;
const NAME_CHARACTER = /[\p{ID_Continue}$]/u;
const NON_ASCII = /[^\0-\x7F]/gu;
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
 * (all-Cyrillic "АРІ") are left unnamed. Only the words around non-ASCII characters are looked at: the others are
 * ASCII names.
 */
export function confusableWords(text: string, before = text.length): ConfusableWord[] {
  const found: ConfusableWord[] = [];
  NON_ASCII.lastIndex = 0;
  for (let hit = NON_ASCII.exec(text); hit !== null; hit = NON_ASCII.exec(text)) {
    if (!NAME_CHARACTER.test(hit[0])) continue;
    const start = wordStart(text, hit.index);
    if (start >= before) break;
    WORD.lastIndex = start;
    // the word holds the character hit: all from its start to there are a name's
    const word = WORD.exec(text)![0];
    NON_ASCII.lastIndex = start + word.length;
    if (!ASCII_LETTER.test(word)) continue;
    const read = asciiLookAlike(word);
    if (read && inCodeAt(text, start)) found.push({ offset: start, word, ...read });
  }
  return found;
}

/** Where the word that holds the character of a name at `at` starts. */
function wordStart(text: string, at: number): number {
  let start = at;
  while (start > 0) {
    const codePoint = codePointBefore(text, start);
    const width = codePoint > 0xffff ? 2 : 1;
    const named = codePoint < 0x80 ? NAME_BYTE[codePoint] === 1 : NAME_CHARACTER.test(String.fromCodePoint(codePoint));
    if (!named) break;
    start -= width;
  }
  return start;
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
    if (LATIN.test(character)) return null;
    const prototype = skeleton(character);
    if (!ASCII_NAME.test(prototype)) return null;
    looksLike += prototype;
    lookAlikes.push(codePoint);
  }
  return { looksLike, lookAlikes };
}

/** ASCII bytes that may be part of a name: letters, digits, "_" and "$". */
const NAME_BYTE = new Uint8Array(128).map((_, byte) => Number(/[A-Za-z0-9_$]/.test(String.fromCharCode(byte))));

/**
 * Where in UTF-8 bytes, from `from` on, a non-ASCII character touches an ASCII character of a name (the offset of the
 * first byte of the pair), or -1. A word that mixes ASCII letters with other characters has such a pair wherever
 * its ASCII part meets its other part, so lines without one hold no look-alike name (confusableWords).
 */
function nameMeetsNonAscii(bytes: Uint8Array, from: number): number {
  for (let at = from; at + 1 < bytes.length; at++) {
    const byte = bytes[at];
    const next = bytes[at + 1];
    if (byte < 0x80 ? next >= 0x80 && NAME_BYTE[byte] === 1 : next < 0x80 && NAME_BYTE[next] === 1) return at;
  }
  return -1;
}

/**
 * The lines of UTF-8 bytes that may hold a look-alike name (LineStretches), all that confusableWords needs decoded:
 * a word never spans lines, and whether it is in code is told from its line.
 */
export function lookAlikeLines(bytes: Uint8Array): number[] {
  // lines one after the other are decoded as one
  const stretches = new LineStretches(bytes, 1);
  let at = nameMeetsNonAscii(bytes, 0);
  while (at >= 0) at = nameMeetsNonAscii(bytes, stretches.add(at));
  return stretches.list;
}
