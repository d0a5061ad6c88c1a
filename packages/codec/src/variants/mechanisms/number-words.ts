import type { Candidate, Mechanism } from '../candidate.js';
import { inCaseOf, patternFor } from '../patterns.js';
import type { NumberWordsClass } from '../table.js';
import { isCapitalised, startsSentence, wordAfter, wordBefore, wordKey } from '../text-context.js';

/**
 * A whole small number: not a digit of a longer one, a decimal, a range, a time or an amount (3.5, 1,300, 3-2,
 * 9:30, $3), in figures or in words. What follows it may be a variant ("3 percent" / "3%"), so it does not decide
 * whether the number is a candidate (which would change the canonical stream between copies), only the rules do.
 */
const patternOf = (spec: NumberWordsClass): RegExp =>
  patternFor(spec, () => {
    const values = spec.words.flatMap((word, value) => (value >= spec.smallest ? [word, String(value)] : []));
    return new RegExp(
      `(?<![\\p{L}\\p{N}\\p{M}'’$£€¥#+\\-−–]|[\\p{N}][.,:/])(?:${values.join('|')})` +
        `(?![\\p{L}\\p{N}\\p{M}]|['’][\\p{L}]|[.,:/\\-−–][\\p{N}]|[\\-‐‑][\\p{L}])`,
      'gu',
    );
  });

/** Words before a figure that make it a label or a reference, not a count ("Chapter 3", "page 3", "No. 3"). */
const LABELS = new Set(
  (
    'no number page pages chapter section article item step version level grade room size figure fig table part ' +
    'phase stage rule clause paragraph exhibit appendix schedule annex tier class type option line verse act ' +
    'scene round week day year game vol volume issue note footnote row column'
  ).split(' '),
);
const NUMBER_WORDS = 'zero one two three four five six seven eight nine ten eleven twelve twenty hundred thousand';
const NUMBER_NEAR = new RegExp(`[\\p{N}]|\\b(?:${NUMBER_WORDS.split(' ').join('|')}|million|billion|dozen)\\b`, 'iu');

function isPlural(word: string, spec: NumberWordsClass): boolean {
  const key = wordKey(word);
  if (spec.plurals.includes(key)) return true;
  return /^\p{Ll}[\p{Ll}-]+s$/u.test(word) && !/(?:ss|us|is)$/.test(key) && !spec.notPlurals.includes(key);
}

/** Small numbers in figures or in words: "three weeks" / "3 weeks". */
export const numberWords: Mechanism<NumberWordsClass> = {
  candidates(text, spec) {
    return [...text.matchAll(patternOf(spec))].map((match): Candidate => {
      const figure = /^\d$/.test(match[0]);
      const value = figure ? Number(match[0]) : spec.words.indexOf(match[0]);
      const start = match.index;
      const end = start + match[0].length;
      return {
        classId: spec.id,
        unit: spec.id,
        key: `n${value}`,
        start,
        end,
        form: figure ? 1 : 0,
        kind: 'word',
        anchor: start,
      };
    });
  },

  selectable(candidate, spec, { text, abbreviations }) {
    const written = text.slice(candidate.start, candidate.end);
    if (/\p{Lu}/u.test(written) || startsSentence(text, candidate.start, abbreviations)) return false;
    const next = wordAfter(text, candidate.end);
    if (next === undefined || !/^[ \t\n\r\u00A0]+$/.test(text.slice(candidate.end, next.start))) return false;
    if (!isPlural(next.text, spec)) return false;
    const before = wordBefore(text, candidate.start);
    if (before !== undefined && /^[ \t\n\r\u00A0]+$/.test(text.slice(before.end, candidate.start))) {
      if (LABELS.has(wordKey(before.text))) return false;
      if (isCapitalised(before.text) && !startsSentence(text, before.start, abbreviations)) return false;
    } else if (!/[ \t\n\r\u00A0(]$/.test(text.slice(0, candidate.start)) && candidate.start > 0) return false;
    // one of several numbers nearby ("between 2 and 5 days"): varying one alone would mix their forms
    const around =
      text.slice(Math.max(0, candidate.start - 30), candidate.start) + ' ' + text.slice(candidate.end, next.end + 30);
    return !NUMBER_NEAR.test(around);
  },

  write(candidate, form, spec, { text }) {
    const original = text.slice(candidate.start, candidate.end);
    const value = Number(candidate.key.slice(1));
    return form === 1 ? String(value) : inCaseOf(original, spec.words[value]);
  },
};
