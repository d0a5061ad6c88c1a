import type { Candidate, Mechanism } from '../candidate.js';
import { formKey, formPattern, GAP, inCaseOf, WORD_END, WORD_START } from '../patterns.js';
import type { WordPairsClass } from '../table.js';
import { inQuestion, startsSentence, wordAfter, wordBefore, wordKey } from '../text-context.js';

/** A quantity after "more than" / "over": a figure of 2 or more, an amount, or a number word from two up. */
const QUANTITY =
  `(?=${GAP}(?:\\$|£|€|[2-9]|1[\\d,.]\\d|(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|` +
  'thirty|forty|' +
  'fifty|hundreds?|thousands?|millions?|billions?|dozens?)(?![\\p{L}])))';

interface PairIndex {
  readonly pattern: RegExp;
  /** formKey of a form → [pair, form] */
  readonly forms: ReadonlyMap<string, readonly [number, 0 | 1]>;
}

const indexes = new WeakMap<WordPairsClass, PairIndex>();

function indexOf(spec: WordPairsClass): PairIndex {
  let index = indexes.get(spec);
  if (index === undefined) {
    const forms = new Map<string, readonly [number, 0 | 1]>();
    spec.pairs.forEach((pair, i) => pair.forms.forEach((form, f) => forms.set(formKey(form), [i, f as 0 | 1])));
    // longest first, so that "in order to" is taken before "to", "no one" before "one"
    const alternatives = spec.pairs
      .flatMap((pair) => pair.forms.map((form) => ({ form, quantity: pair.beforeQuantity === true })))
      .sort((a, b) => b.form.length - a.form.length)
      .map(({ form, quantity }) => `${formPattern(form)}${quantity ? QUANTITY : ''}`);
    const pattern = new RegExp(`${WORD_START}(?:${alternatives.join('|')})${WORD_END}`, 'gu');
    index = { pattern, forms };
    indexes.set(spec, index);
  }
  return index;
}

/** Classes whose forms are words or phrases: contractions, -one/-body, toward/towards and the other pairs. */
export const wordPairs: Mechanism<WordPairsClass> = {
  candidates(text, spec) {
    const { pattern, forms } = indexOf(spec);
    const found: Candidate[] = [];
    for (const match of text.matchAll(pattern)) {
      const [pair, form] = forms.get(formKey(match[0]))!;
      const start = match.index;
      const unit = spec.unit === 'pair' ? formKey(spec.pairs[pair].forms[0]) : spec.id;
      const key = `${spec.id}:${formKey(spec.pairs[pair].forms[0])}`;
      found.push({
        classId: spec.id,
        unit,
        key,
        start,
        end: start + match[0].length,
        form,
        kind: 'word',
        anchor: start,
        pair,
      });
    }
    return found;
  },

  selectable(candidate, spec, { text, abbreviations }) {
    const pair = spec.pairs[candidate.pair!];
    if (pair.from !== undefined && pair.from !== candidate.form) return false;
    // a capital inside a sentence is a name or a title ("Towards Zero"); the case of OK is its form, and the
    // pronoun I is always a capital
    const written = text.slice(candidate.start, candidate.end);
    const rest = written.replace(/^I(?!\p{L})/u, 'i');
    if (!(pair.literal === true && written === pair.forms[candidate.form]) && /\p{Lu}/u.test(rest)) {
      const onlyFirst = /^\p{Lu}/u.test(rest) && !/\p{Lu}/u.test(rest.slice(1));
      if (!onlyFirst || !startsSentence(text, candidate.start, abbreviations)) return false;
    }
    const next = wordAfter(text, candidate.end);
    const touching = next !== undefined && /^[ \t\n\r\u00A0]*$/.test(text.slice(candidate.end, next.start));
    if (pair.wordAfter === candidate.form && !touching) return false;
    if (touching && pair.notBefore?.includes(wordKey(next.text))) return false;
    if (pair.onlyBefore !== undefined && !(touching && pair.onlyBefore.includes(wordKey(next.text)))) return false;
    const previous = wordBefore(text, candidate.start);
    if (previous !== undefined && pair.notAfter?.includes(wordKey(previous.text))) return false;
    if (pair.afterWord === true && previous === undefined) return false;
    if (spec.notInQuestions === true && inQuestion(text, candidate.end)) return false;
    return true;
  },

  write(candidate, form, spec, { text, apostrophe, abbreviations }) {
    const pair = spec.pairs[candidate.pair!];
    const original = text.slice(candidate.start, candidate.end);
    const target = pair.forms[form];
    if (pair.literal === true) {
      // OK / okay: the capitals are the form's; the other takes one only at the start of a sentence
      if (target !== target.toLowerCase()) return target;
      const capital = startsSentence(text, candidate.start, abbreviations);
      return capital ? target.charAt(0).toUpperCase() + target.slice(1) : target;
    }
    // "I'm" → "I am": the pronoun keeps its capital, the rest follows the issuer's case
    const written = inCaseOf(original.replace(/^I(?!\p{L})/u, 'i'), target);
    const withPronoun = /^i(?!\p{L})/u.test(target) ? written.replace(/^i/u, 'I') : written;
    const mark = original.includes('’') ? '’' : original.includes("'") ? "'" : apostrophe;
    return withPronoun.replace(/'/g, mark);
  },
};
