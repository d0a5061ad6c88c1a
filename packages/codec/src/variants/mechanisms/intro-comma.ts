import type { Candidate, Mechanism } from '../candidate.js';
import { formPattern, GAP, WORD_START } from '../patterns.js';
import type { IntroCommaClass } from '../table.js';
import { startsSentence, wordAfter, wordKey } from '../text-context.js';

const patterns = new WeakMap<IntroCommaClass, RegExp>();

/**
 * A short opening phrase ("Today", "In 2019", "On Monday"), then the comma or not, then a word. Found wherever the
 * phrase stands, not only at the start of a sentence (a leak cut mid-sentence begins anywhere): a place found
 * where no site was is simply not among the stored ones.
 */
function patternOf(spec: IntroCommaClass): RegExp {
  let pattern = patterns.get(spec);
  if (pattern === undefined) {
    const phrases = [...spec.phrases].sort((a, b) => b.length - a.length).map(formPattern);
    const dated = `(?:${spec.before.map(formPattern).join('|')})${GAP}(?:\\d{4}|${spec.names.map(formPattern).join('|')})`;
    pattern = new RegExp(`${WORD_START}(?:${phrases.join('|')}|${dated})(,?)(?=${GAP}[\\p{L}])`, 'gu');
    patterns.set(spec, pattern);
  }
  return pattern;
}

/** Words after which the comma would change the sentence ("Now that he is here", "Of course not"). */
const JOINED = new Set(['that', 'than', 'and', 'or', 'but', 'is', 'was', 'are', 'were', 'to', 'of', 'not', 'as', 'if']);

/** The optional comma after a short opening phrase: "Today, the board met" / "Today the board met". */
export const introComma: Mechanism<IntroCommaClass> = {
  candidates(text, spec) {
    const found: Candidate[] = [];
    for (const match of text.matchAll(patternOf(spec))) {
      const end = match.index + match[0].length;
      const start = end - match[1].length;
      found.push({
        classId: spec.id,
        unit: spec.id,
        key: spec.id,
        start,
        end,
        form: match[1] === ',' ? 0 : 1,
        kind: 'gap',
        anchor: wordAfter(text, end)!.start,
        phraseStart: match.index,
      });
    }
    return found;
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
