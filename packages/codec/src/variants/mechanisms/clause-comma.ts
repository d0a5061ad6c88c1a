import { classPlace, type Mechanism } from '../candidate.js';
import { formPattern, GAP, patternFor } from '../patterns.js';
import type { ClauseCommaClass } from '../table.js';
import { startsSentence, wordAfter, wordBefore } from '../text-context.js';

/** The comma or not before a conjunction that a subject pronoun follows: ", and she stayed" / " and she stayed". */
const patternOf = (spec: ClauseCommaClass): RegExp =>
  patternFor(spec, () => {
    const conjunctions = spec.conjunctions.map(formPattern).join('|');
    const subjects = spec.subjects.map(formPattern).join('|');
    return new RegExp(
      `(?<=[\\p{L}\\p{N}\\p{M})"”’])(,?)${GAP}(?=(?:${conjunctions})${GAP}(?:${subjects})(?![\\p{L}\\p{N}\\p{M}]))`,
      'gu',
    );
  });

/**
 * The comma that joins two clauses with "and", "but", "so": optional where the clauses are short (Chicago 6.22),
 * and leaving it out never changes the meaning. Only the issuer's comma becomes a site: adding one where there was
 * none could split a subject ("Tom and I went" is not two clauses).
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

  selectable(candidate, _spec, { text, abbreviations }) {
    if (candidate.form !== 0) return false;
    // a clause of at least two words before: not "Yes, and I"
    const last = wordBefore(text, candidate.start);
    const previous = last === undefined ? undefined : wordBefore(text, last.start);
    if (previous === undefined || startsSentence(text, last!.start, abbreviations)) return false;
    // not an aside that closes with a comma a few words on ("He said, and I agree, that")
    let at = candidate.anchor;
    for (let i = 0; i < 5; i++) {
      const word = wordAfter(text, at);
      if (word === undefined) break;
      if (/^[ \t\n\r\u00A0]*,/.test(text.slice(word.end))) return false;
      at = word.end;
    }
    return true;
  },

  write(_candidate, form) {
    return form === 0 ? ',' : '';
  },
};
