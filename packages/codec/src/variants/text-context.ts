/**
 * What a site's rules ask of the words around it, in the normalised text: the word just before or after a place
 * (with nothing but spaces between), whether a place starts a sentence, whether its sentence is a question.
 */

export interface Word {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}'\u2019-]/u;
const LETTER = /[\p{L}\p{N}\p{M}]/u;
const SPACE = /[ \t\n\r\f\v\u00A0\u2000-\u200A\u202F\u205F\u3000]/u;

/** The word that ends at `position` or just before it across spaces only (a comma between: none). */
export function wordBefore(text: string, position: number): Word | undefined {
  let end = position;
  while (end > 0 && SPACE.test(text[end - 1])) end--;
  let start = end;
  while (start > 0 && WORD_CHAR.test(text[start - 1])) start--;
  while (start < end && !LETTER.test(text[start])) start++;
  return start < end ? { text: text.slice(start, end), start, end } : undefined;
}

/** The word that starts at `position` or just after it across spaces only. */
export function wordAfter(text: string, position: number): Word | undefined {
  let start = position;
  while (start < text.length && SPACE.test(text[start])) start++;
  let end = start;
  while (end < text.length && WORD_CHAR.test(text[end])) end++;
  while (end > start && !LETTER.test(text[end - 1])) end--;
  return start < end && LETTER.test(text[start]) ? { text: text.slice(start, end), start, end } : undefined;
}

/** The words from `position` on, as long as only spaces separate them (at most `count`). */
export function wordsAfter(text: string, position: number, count: number): Word[] {
  const words: Word[] = [];
  let at = position;
  while (words.length < count) {
    const next = wordAfter(text, at);
    if (next === undefined || !/^[ \t\n\r\f\v\u00A0]*$/.test(text.slice(at, next.start))) break;
    words.push(next);
    at = next.end;
  }
  return words;
}

/** Lower case, with a typographic apostrophe written as a straight one. */
export const wordKey = (word: string): string => word.toLowerCase().replace(/\u2019/g, "'");

export const isCapitalised = (word: string): boolean => /^\p{Lu}/u.test(word);

const OPENING = /["\u201C\u2018'(\[*_#>\-\u2013\u2014\u2022]/u;

/**
 * Whether `position` begins a sentence: the start of the text or of a paragraph or list item, or after a full
 * stop, question or exclamation mark (not the full stop of an abbreviation such as "Mr.").
 */
export function startsSentence(text: string, position: number, abbreviations: ReadonlySet<string>): boolean {
  let i = position;
  while (i > 0 && (SPACE.test(text[i - 1]) || OPENING.test(text[i - 1]))) {
    if (text[i - 1] === '\n' && /\n[ \t]*$/.test(text.slice(Math.max(0, i - 80), i - 1))) return true;
    i--;
  }
  if (i === 0) return true;
  let end = i;
  while (end > 0 && /["\u201D\u2019)\]]/.test(text[end - 1])) end--;
  const mark = text[end - 1];
  if (mark === '!' || mark === '?' || mark === '…') return true;
  if (mark !== '.')
    return /(?:^|\n)[ \t]*(?:\d+[.)]|[-*\u2022])[ \t]+$/.test(text.slice(Math.max(0, position - 40), position));
  const before = wordBefore(text, end - 1);
  if (before === undefined) return true;
  // "e.g." and "U.S." end with a letter before the stop: take the whole run of letters and stops
  let runStart = before.start;
  while (runStart > 1 && text[runStart - 1] === '.' && LETTER.test(text[runStart - 2])) {
    runStart = wordBefore(text, runStart - 1)?.start ?? runStart - 1;
  }
  return !abbreviations.has(text.slice(runStart, end - 1).toLowerCase());
}

/** Whether the sentence around `position` ends with a question mark. */
export function inQuestion(text: string, position: number): boolean {
  const rest = /[.!?\u2026]|\n[ \t]*\n/.exec(text.slice(position, position + 600));
  return rest?.[0] === '?';
}
