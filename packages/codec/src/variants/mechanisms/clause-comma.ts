import { classPlace, type Mechanism } from '../candidate.js';
import { formPattern, GAP, patternFor } from '../patterns.js';
import type { ClauseCommaClass } from '../table.js';
import { startsSentence, wordBefore, wordKey, wordsAfter } from '../text-context.js';

/**
 * The comma or not before a conjunction that a subject pronoun follows (", and she stayed" / " and she stayed"), or
 * before one that never ends a list and a determiner follows (", but the council voted").
 */
const patternOf = (spec: ClauseCommaClass): RegExp =>
  patternFor(spec, () => {
    const words = (list: readonly string[]) => `(?:${list.map(formPattern).join('|')})`;
    const subject = `${words(spec.conjunctions)}${GAP}${words(spec.subjects)}`;
    const phrase = `${words(spec.contrasting)}${GAP}${words(spec.determiners)}`;
    return new RegExp(
      `(?<=[\\p{L}\\p{N}\\p{M})"”’])(,?)${GAP}(?=(?:${subject}|${phrase})(?![\\p{L}\\p{N}\\p{M}]))`,
      'gu',
    );
  });

/**
 * The comma that joins two clauses with "and", "but", "or": optional where the clauses are short (Chicago 6.22),
 * and leaving it out never changes the meaning ("so" is not among them: without its comma it may read as "so
 * that"). Only the issuer's comma becomes a site: adding one where there was none could split a subject ("Tom and I
 * went" is not two clauses). After "but" and a noun phrase a verb must follow ("Everyone came, but the mayor was
 * away"): "Everyone came, but the mayor" is "all except the mayor" without its comma.
 */
export const clauseComma: Mechanism<ClauseCommaClass> = {
  candidates(text, spec) {
    return [...text.matchAll(patternOf(spec))].map((match) =>
      classPlace(spec.id, {
        start: match.index,
        end: match.index + match[1].length,
        form: match[1] === ',' ? 0 : 1,
        kind: 'gap',
        anchor: match.index + match[0].length,
      }),
    );
  },

  selectable(candidate, spec, { text, abbreviations }) {
    if (candidate.form !== 0) return false;
    const [conjunction, subject, ...rest] = wordsAfter(text, candidate.anchor, 5).map((word) => wordKey(word.text));
    if (!spec.subjects.includes(subject)) {
      const verb = rest.findIndex((word) => spec.verbs.includes(word));
      if (!spec.contrasting.includes(conjunction) || verb < 1 || verb > 3) return false;
    }
    // a clause of at least two words before: not "Yes, and I"
    const end = wordBefore(text, candidate.start);
    const previous = end === undefined ? undefined : wordBefore(text, end.start);
    if (previous === undefined || startsSentence(text, end!.start, abbreviations)) return false;
    // not an aside that closes with a comma a few words on ("He said, and I agree, that")
    const last = wordsAfter(text, candidate.anchor, 5).at(-1);
    return last === undefined || !/^[ \t\n\r\u00A0]*,/.test(text.slice(last.end));
  },

  write(_candidate, form) {
    return form === 0 ? ',' : '';
  },
};
