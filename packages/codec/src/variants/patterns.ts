/** Pieces of the finders' regular expressions: word edges that know Unicode letters, and a form as a pattern. */

/** not inside a word: no letter, digit or mark before (nor a letter joined by an apostrophe or hyphen) */
export const WORD_START = "(?<![\\p{L}\\p{N}\\p{M}]|[\\p{L}\\p{N}]['’\\-‐‑])";
/** not inside a word: no letter, digit or mark after (nor an apostrophe or hyphen that joins another letter) */
export const WORD_END = "(?![\\p{L}\\p{N}\\p{M}]|['’\\-‐‑][\\p{L}\\p{N}])";
/**
 * the space between two words of a form: a re-wrapped copy may have a line break there. Bounded: a finder tries its
 * pattern at every position, and an unbounded run in a lookbehind or before a lookahead that fails scans a run of
 * spaces to its end from each of its positions (8,192 spaces took 2 s to plan, a megabyte would take hours); no
 * prose puts more than a few spaces between two words, and issue and trace read the same gaps
 */
export const GAP = '[ \\t\\n\\r\\u00A0]{1,16}';

const compiled = new WeakMap<object, RegExp>();

/** A class's pattern, built once per class (each mechanism has one pattern per class). */
export function patternFor<Spec extends object>(spec: Spec, build: (spec: Spec) => RegExp): RegExp {
  let pattern = compiled.get(spec);
  if (pattern === undefined) {
    pattern = build(spec);
    compiled.set(spec, pattern);
  }
  return pattern;
}

export const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A form as a pattern over folded text (foldCase): its spaces as GAP, an apostrophe as either apostrophe, a
 * hyphen as any hyphen.
 */
export function formPattern(form: string): string {
  return form
    .toLowerCase()
    .split(' ')
    .map((word) => escape(word).replace(/'/g, "['’]").replace(/\\?-/g, '[\\-‐‑]'))
    .join(GAP);
}

/** A form as it is compared: lower case, single spaces, straight apostrophes, ASCII hyphens. */
export const formKey = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[ \t\n\r\u00A0]+/g, ' ')
    .replace(/\u2019/g, "'")
    .replace(/[\u2010\u2011]/g, '-');

/** Writes `form` in the case of `original`: all capitals, a capital first letter, or as listed. */
export function inCaseOf(original: string, form: string): string {
  const letters = original.replace(/[^\p{L}]/gu, '');
  if (letters.length > 1 && letters === letters.toUpperCase() && letters !== letters.toLowerCase())
    return form.toUpperCase();
  if (/^\p{Lu}/u.test(original)) return form.charAt(0).toUpperCase() + form.slice(1);
  return form;
}

/**
 * The text in lower case, unit for unit (a character whose lower case is longer stays as it is), so that the
 * finders match without the `i` flag (which makes V8 close every Unicode class under case, slowly) and their
 * offsets are the text's.
 */
export function foldCase(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let folded = '';
  for (const char of text) {
    const low = char.toLowerCase();
    folded += low.length === char.length ? low : char;
  }
  return folded;
}
