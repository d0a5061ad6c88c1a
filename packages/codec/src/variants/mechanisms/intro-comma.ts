import { classPlace, type Mechanism } from '../candidate.js';
import { formPattern, GAP, patternFor, WORD_START } from '../patterns.js';
import type { IntroCommaClass } from '../table.js';
import { startsSentence, wordAfter, wordKey } from '../text-context.js';

const PHRASE_WORD = "[\\p{L}\\p{N}][\\p{L}\\p{N}\\p{M}'’\\-]*";
const NOT_WORD = '(?![\\p{L}\\p{N}\\p{M}])';

/**
 * A short opening phrase, then the comma or not, then a word: one of the table's phrases ("Today", "In fact"), a
 * preposition and a year, month or weekday ("In 2019", "On Monday"), or a preposition and one to three words
 * before a determiner or a subject pronoun ("Under the budget, the city"). A listed phrase is found wherever it
 * stands (a leak cut mid-sentence begins anywhere), the others after a full stop or a line break: a place found where
 * no site was is simply not among the stored ones.
 */
const patternOf = (spec: IntroCommaClass): RegExp =>
  patternFor(spec, () => {
    const phrases = [...spec.phrases].sort((a, b) => b.length - a.length).map(formPattern);
    const names = spec.names.map(formPattern).join('|');
    const dated = `(?:${spec.before.map(formPattern).join('|')})${GAP}(?:\\d{4}|${names})`;
    const openers = `(?:${spec.openers.map(formPattern).join('|')})${NOT_WORD}`;
    // a phrase's words are no function words, so that no place is found inside "outside of the" or "in spite of"
    const word = `(?!(?:${spec.notInPhrase.map(formPattern).join('|')})${NOT_WORD})${PHRASE_WORD}`;
    // only where a sentence or a line may begin (the rules at issue say where one does): a place inside a sentence
    // would come and go with the words around it ("upon all his" / "upon all of his"). The indent is bounded as GAP
    // is: tried at every position, an unbounded one scans a run of spaces back to its start from each
    const opening = `(?<=^|[.!?:;…]["”’)\\]]*${GAP}|\\n[ \\t]{0,16})`;
    const prepositions = spec.prepositions.map(formPattern).join('|');
    const general = `${opening}(?:${prepositions})(?:${GAP}${word}){1,3}(?=,?${GAP}${openers})`;
    return new RegExp(`${WORD_START}(?:${phrases.join('|')}|${dated}|${general})(,?)(?=${GAP}[\\p{L}])`, 'gu');
  });

/** Words after which the comma would change the sentence ("Now that he is here", "Of course not"). */
const JOINED = new Set(['that', 'than', 'and', 'or', 'but', 'is', 'was', 'are', 'were', 'to', 'of', 'not', 'as', 'if']);

/** One of the table's phrases, or a preposition and a year, month or weekday: the comma may come or go. */
function isListed(words: readonly string[], spec: IntroCommaClass): boolean {
  if (spec.phrases.includes(words.join(' '))) return true;
  return (
    words.length === 2 && spec.before.includes(words[0]) && (/^\d{4}$/.test(words[1]) || spec.names.includes(words[1]))
  );
}

/**
 * Any other short phrase: a preposition and at most three words, none a function word, a verb form that could take
 * what follows as its object ("After eating, the dog"), or a noun a clause may follow ("In the year the war ended"),
 * and not ending with a determiner or a pronoun.
 */
function isShortPhrase(words: readonly string[], spec: IntroCommaClass): boolean {
  const rest = words.slice(1);
  const last = rest[rest.length - 1];
  return (
    spec.prepositions.includes(words[0]) &&
    rest.every((word) => !spec.notInPhrase.includes(word) && !/(?:ing|ed)$/.test(word)) &&
    !spec.openers.includes(last)
  );
}

/** The optional comma after a short opening phrase: "Today, the board met" / "Today the board met". */
export const introComma: Mechanism<IntroCommaClass> = {
  candidates(text, spec) {
    return [...text.matchAll(patternOf(spec))].map((match) => {
      const end = match.index + match[0].length;
      return classPlace(spec.id, {
        start: end - match[1].length,
        end,
        form: match[1] === ',' ? 0 : 1,
        kind: 'gap',
        anchor: wordAfter(text, end)!.start,
        phraseStart: match.index,
      });
    });
  },

  /**
   * A listed phrase either way; any other short phrase only from the issuer's comma (adding one can split a clause).
   */
  selectable(candidate, spec, { text, abbreviations }) {
    const next = wordAfter(text, candidate.end)!;
    if (JOINED.has(wordKey(next.text))) return false;
    if (!startsSentence(text, candidate.phraseStart!, abbreviations)) return false;
    const words = wordKey(text.slice(candidate.phraseStart, candidate.start))
      .trim()
      .split(/[ \t\n\r\u00A0]+/);
    if (isListed(words, spec)) return true;
    return candidate.form === 0 && isShortPhrase(words, spec);
  },

  write(candidate, form) {
    return form === 0 ? ',' : '';
  },
};
