import { classPlace, type Mechanism } from '../candidate.js';
import { formPattern, GAP, patternFor, WORD_START } from '../patterns.js';
import type { OptionalWordClass } from '../table.js';
import { isCapitalised, wordBefore, wordKey, wordsAfter } from '../text-context.js';

const NOT_WORD = '(?![\\p{L}\\p{N}\\p{M}])';

/**
 * Before every subject pronoun that may follow the word ("that he", "he"), whatever precedes it, and before any
 * other word right after a verb of saying or thinking ("said that the", "said the"): the word, or the empty place
 * where it may stand. Found in both forms alike, so that adding or leaving out the word never changes what else is
 * found; the rules at issue decide where it may really come and go.
 */
const patternOf = (spec: OptionalWordClass): RegExp =>
  patternFor(spec, () => {
    const word = formPattern(spec.word);
    const pronouns = `(?:${[...spec.subjects, ...spec.ambiguousSubjects].map(formPattern).join('|')})${NOT_WORD}`;
    const beforePronoun = `(?:(${word}${GAP})|(?<!${WORD_START}${word}${GAP}))(?=${pronouns})`;
    const verbs = spec.phraseAfter.map(formPattern).join('|');
    const afterVerb = `(?<=${WORD_START}(?:${verbs})${GAP})(${word}${GAP})?(?!${pronouns})(?=[\\p{L}\\p{N}])`;
    return new RegExp(`${WORD_START}(?:${beforePronoun}|${afterVerb})`, 'gu');
  });

const SPACES = /^[ \t\n\r\u00A0]*$/;

/** A subject that can only begin a clause ("he", "they're"), or one that may ("it", "you") followed by a verb. */
function beginsClause(text: string, position: number, spec: OptionalWordClass): boolean {
  const [subject, next] = wordsAfter(text, position, 2);
  if (subject === undefined) return false;
  const key = wordKey(subject.text);
  const [pronoun, contraction] = key.split("'");
  const known = spec.subjects.includes(pronoun) || spec.ambiguousSubjects.includes(pronoun);
  if (!known || (contraction !== undefined && !['m', 's', 're', 'll', 've', 'd'].includes(contraction))) return false;
  // a word must follow, with no punctuation between: "said he." is an inversion
  if (next === undefined) return false;
  if (contraction !== undefined || spec.subjects.includes(pronoun)) return true;
  return spec.verbs.includes(wordKey(next.text));
}

/**
 * A noun phrase and then a verb: a determiner and one to three words ("the city council"), or one plural noun or
 * name ("agencies", "Congress"), before one of `verbs`. Then the word before it can only be a conjunction: "that"
 * before "the" or a plural is no demonstrative, and with a verb after the phrase it is no pronoun either ("said that
 * the other day" is left alone).
 */
function beginsPhraseClause(text: string, position: number, spec: OptionalWordClass): boolean {
  const words = wordsAfter(text, position, 5);
  const keys = words.map((word) => wordKey(word.text));
  const verb = keys.findIndex((key) => spec.verbs.includes(key));
  if (verb === -1) return false;
  if (spec.determiners.includes(keys[0])) return verb >= 2 && verb <= 4;
  if (verb !== 1) return false;
  const [noun] = words;
  return isCapitalised(noun.text) || (/^\p{Ll}[\p{Ll}-]+s$/u.test(noun.text) && !/(?:ss|us|is)$/.test(keys[0]));
}

/** The word just before `position` and the one before it, with nothing but spaces between (keys). */
function twoBefore(text: string, position: number): [string | undefined, string | undefined] {
  const last = wordBefore(text, position);
  if (last === undefined || !SPACES.test(text.slice(last.end, position))) return [undefined, undefined];
  const previous = wordBefore(text, last.start);
  const joined = previous !== undefined && SPACES.test(text.slice(previous.end, last.start));
  return [wordKey(last.text), joined ? wordKey(previous.text) : undefined];
}

/**
 * What the place follows: a verb or adjective of `after` ("said", "sure"), a noun of `nouns` that a determiner opens
 * ("the way", "the only time"; not "from time to time"), the person after a verb of telling ("told me"), or a
 * verb of `phraseAfter`.
 */
function governs(text: string, start: number, spec: OptionalWordClass): { after: boolean; phrase: boolean } {
  const [key, previous] = twoBefore(text, start);
  if (key === undefined) return { after: false, phrase: false };
  const told = spec.objects.includes(key) && previous !== undefined && spec.tellVerbs.includes(previous);
  const noun = spec.nouns.includes(key) && determined(text, start, spec);
  return { after: told || noun || spec.after.includes(key), phrase: spec.phraseAfter.includes(key) };
}

/** A determiner one or two words before the noun just before `start` ("the way", "the only time"). */
function determined(text: string, start: number, spec: OptionalWordClass): boolean {
  const noun = wordBefore(text, start)!;
  const [first, second] = twoBefore(text, noun.start);
  return [first, second].some((word) => word !== undefined && spec.determiners.includes(word));
}

/** A word that may be left out or added: the optional "that". */
export const optionalWord: Mechanism<OptionalWordClass> = {
  candidates(text, spec) {
    return [...text.matchAll(patternOf(spec))].map((match) => {
      const word = match[1] ?? match[2];
      return classPlace(spec.id, {
        start: match.index,
        end: match.index + (word?.length ?? 0),
        form: word === undefined ? 1 : 0,
        kind: 'word',
        anchor: match.index,
      });
    });
  },

  selectable(candidate, spec, { text }) {
    const { after, phrase } = governs(text, candidate.start, spec);
    if (after && beginsClause(text, candidate.end, spec)) return true;
    return phrase && beginsPhraseClause(text, candidate.end, spec);
  },

  write(candidate, form, spec, { text }) {
    if (form === 1) return '';
    if (candidate.form === 0) return text.slice(candidate.start, candidate.end);
    const before = wordBefore(text, candidate.start);
    const shouting = before !== undefined && before.text.length > 1 && before.text === before.text.toUpperCase();
    return `${shouting ? spec.word.toUpperCase() : spec.word} `;
  },
};
