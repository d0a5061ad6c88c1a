import { classPlace, type Mechanism } from '../candidate.js';
import { formPattern, GAP, patternFor, WORD_START } from '../patterns.js';
import type { IntroCommaClass } from '../table.js';
import { startsSentence, wordAfter, wordKey } from '../text-context.js';

/**
 * A short opening phrase ("Today", "In 2019", "On Monday"), then the comma or not, then a word. Found wherever the
 * phrase stands, not only at the start of a sentence (a leak cut mid-sentence begins anywhere): a place found
 * where no site was is simply not among the stored ones.
 */
const patternOf = (spec: IntroCommaClass): RegExp =>
  patternFor(spec, () => {
    const phrases = [...spec.phrases].sort((a, b) => b.length - a.length).map(formPattern);
    const names = spec.names.map(formPattern).join('|');
    const dated = `(?:${spec.before.map(formPattern).join('|')})${GAP}(?:\\d{4}|${names})`;
    return new RegExp(`${WORD_START}(?:${phrases.join('|')}|${dated})(,?)(?=${GAP}[\\p{L}])`, 'gu');
  });

/** Words after which the comma would change the sentence ("Now that he is here", "Of course not"). */
const JOINED = new Set(['that', 'than', 'and', 'or', 'but', 'is', 'was', 'are', 'were', 'to', 'of', 'not', 'as', 'if']);

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

  selectable(candidate, _spec, { text, abbreviations }) {
    const next = wordAfter(text, candidate.end)!;
    if (JOINED.has(wordKey(next.text))) return false;
    return startsSentence(text, candidate.phraseStart!, abbreviations);
  },

  write(candidate, form) {
    return form === 0 ? ',' : '';
  },
};
