import { classPlace, type Mechanism } from '../candidate.js';
import { formPattern, GAP, patternFor, WORD_START } from '../patterns.js';
import type { OptionalWordClass } from '../table.js';
import { wordAfter, wordBefore, wordKey } from '../text-context.js';

/**
 * Before every subject that may follow the word ("that he", "he"): the word, or the empty place where it may
 * stand. Found before every such subject, whatever precedes it, so that adding or leaving out the word never
 * changes what else is found; the rules at issue decide where it may really come and go.
 */
const patternOf = (spec: OptionalWordClass): RegExp =>
  patternFor(spec, () => {
    const word = formPattern(spec.word);
    const subjects = [...spec.subjects, ...spec.ambiguousSubjects].map(formPattern).join('|');
    const subject = `(?=(?:${subjects})(?![\\p{L}\\p{N}\\p{M}]))`;
    return new RegExp(`${WORD_START}(?:(${word}${GAP})|(?<!${WORD_START}${word}${GAP}))${subject}`, 'gu');
  });

/** A subject that can only begin a clause ("he", "they're"), or one that may ("it", "you") followed by a verb. */
function beginsClause(text: string, position: number, spec: OptionalWordClass): boolean {
  const subject = wordAfter(text, position);
  if (subject === undefined) return false;
  const key = wordKey(subject.text);
  const [pronoun, contraction] = key.split("'");
  const known = spec.subjects.includes(pronoun) || spec.ambiguousSubjects.includes(pronoun);
  if (!known || (contraction !== undefined && !['m', 's', 're', 'll', 've', 'd'].includes(contraction))) return false;
  const next = wordAfter(text, subject.end);
  // a word must follow, with no punctuation between: "said he." is an inversion
  if (next === undefined || !/^[ \t\n\r\u00A0]+$/.test(text.slice(subject.end, next.start))) return false;
  if (contraction !== undefined || spec.subjects.includes(pronoun)) return true;
  return spec.verbs.includes(wordKey(next.text));
}

/** A word that may be left out or added: the optional "that". */
export const optionalWord: Mechanism<OptionalWordClass> = {
  candidates(text, spec) {
    return [...text.matchAll(patternOf(spec))].map((match) =>
      classPlace(spec.id, {
        start: match.index,
        end: match.index + (match[1]?.length ?? 0),
        form: match[1] === undefined ? 1 : 0,
        kind: 'word',
        anchor: match.index,
      }),
    );
  },

  selectable(candidate, spec, { text }) {
    const before = wordBefore(text, candidate.start);
    if (before === undefined || !spec.after.includes(wordKey(before.text))) return false;
    if (candidate.form === 1 && !/^[ \t\n\r\u00A0]+$/.test(text.slice(before.end, candidate.start))) return false;
    return beginsClause(text, candidate.end, spec);
  },

  write(candidate, form, spec, { text }) {
    if (form === 1) return '';
    if (candidate.form === 0) return text.slice(candidate.start, candidate.end);
    const before = wordBefore(text, candidate.start);
    const shouting = before !== undefined && before.text.length > 1 && before.text === before.text.toUpperCase();
    return `${shouting ? spec.word.toUpperCase() : spec.word} `;
  },
};
