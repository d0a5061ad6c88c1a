import { classPlace, type Candidate, type Mechanism } from '../candidate.js';
import { formPattern, GAP, patternFor } from '../patterns.js';
import type { SerialCommaClass } from '../table.js';
import { isCapitalised, startsSentence, wordAfter, wordBefore, wordKey } from '../text-context.js';

const ITEM_WORD = "[\\p{L}][\\p{L}\\p{M}'’\\-]*";

/**
 * The place before the conjunction that ends a list: a word, a comma, an item of one to four words, then the
 * comma or not, then "and" / "or". Found after the list's last item, so that it is found in both forms.
 */
const patternOf = (spec: SerialCommaClass): RegExp =>
  patternFor(spec, () => {
    const conjunctions = spec.conjunctions.map(formPattern).join('|');
    // an item's words are not conjunctions, and the shortest item is taken: "A, B or C, and D" holds two places
    const word = `(?!(?:${conjunctions})(?![\\p{L}]))${ITEM_WORD}`;
    return new RegExp(
      `(?<![\\p{L}\\p{M}])[\\p{L}\\p{M}]+,${GAP}((?:${word}${GAP}){0,3}?${word})(,?)${GAP}` +
        `(?=(?:${conjunctions})${GAP}[\\p{L}])`,
      'gu',
    );
  });

const ARTICLES = new Set(['a', 'an', 'the']);
const caseShape = (word: string) => (word === 'I' ? 'any' : isCapitalised(word) ? 'capital' : 'lower');
const sameShape = (a: string, b: string) => a === 'any' || b === 'any' || a === b;

/** The serial (Oxford) comma: "paper, ink, and envelopes" / "paper, ink and envelopes". */
export const serialComma: Mechanism<SerialCommaClass> = {
  candidates(text, spec) {
    const found: Candidate[] = [];
    const pattern = patternOf(spec);
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      const end = match.index + match[0].length;
      const start = end - match[0].length + match[0].lastIndexOf(match[1]) + match[1].length;
      found.push(
        classPlace(spec.id, {
          start,
          end: start + match[2].length,
          form: match[2] === ',' ? 0 : 1,
          kind: 'gap',
          anchor: end,
        }),
      );
      // the list's last item may begin the next one ("A, B and C, D and E"): search again from that item
      pattern.lastIndex = end - match[0].length + match[0].lastIndexOf(match[1]);
    }
    return found;
  },

  /**
   * Only lists of one-word items whose words look alike (all in lower case, or all names), and not a list that could
   * be an opening phrase and a clause ("After the storm, trees and houses were damaged").
   */
  selectable(candidate, spec, { text, abbreviations }) {
    const itemEnd = candidate.start;
    const comma = text.lastIndexOf(',', itemEnd - 1);
    // an item of one word, or an article and a word: longer ones may be a clause ("habit, his attitude and manner
    // told") or an aside ("controls, such as endpoint and")
    const item = text
      .slice(comma + 1, itemEnd)
      .trim()
      .split(/\s+/);
    if (item.length > 2 || (item.length === 2 && !ARTICLES.has(wordKey(item[0])))) return false;
    const first = wordBefore(text, comma);
    const last = wordAfter(text, wordAfter(text, candidate.anchor)!.end);
    if (first === undefined || last === undefined) return false;
    // the word before the list's first comma is its first item, never "by" or "the"
    if (spec.notAfter.includes(wordKey(first.text)) || ARTICLES.has(wordKey(first.text))) return false;
    const shape = caseShape(first.text);
    const firstIsSentenceStart = startsSentence(text, first.start, abbreviations);
    const itemShape = caseShape(item[item.length - 1]);
    if (!(shape === 'capital' && firstIsSentenceStart ? true : sameShape(shape, itemShape))) return false;
    if (!sameShape(itemShape, caseShape(last.text))) return false;
    // the words from the start of the clause (the last punctuation) to the list's first comma
    let segmentStart = first.start;
    for (let previous = wordBefore(text, segmentStart); previous !== undefined;) {
      if (startsSentence(text, segmentStart, abbreviations)) break;
      segmentStart = previous.start;
      previous = wordBefore(text, segmentStart);
    }
    const segment = text.slice(segmentStart, first.end).split(/\s+/);
    if (spec.notAfter.includes(wordKey(segment[0]))) return false;
    return !(segment.length <= 2 && startsSentence(text, segmentStart, abbreviations));
  },

  write(candidate, form) {
    return form === 0 ? ',' : '';
  },
};
