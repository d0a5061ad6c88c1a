import { graphemes } from '../../src/graphemes.js';
import { isVariationSelector } from 'wm-watermark-codec/selectors';

/**
 * The damage a marked text meets on its way (issue 30): crops and quotes at any code point, deleted lines, words,
 * code points and selectors, changed and inserted selectors, duplicated, spliced and reordered texts. Each takes the
 * marked text, a partner (another text marked with another secret the same way) and a seeded random source.
 */
export interface Damage {
  name: string;
  apply(text: string, partner: string, random: () => number): string;
}

const points = (text: string): string[] => Array.from(text);
const pick = (random: () => number, below: number): number => Math.floor(random() * below);
const selectorIndexes = (all: string[]): number[] =>
  all.flatMap((point, i) => (isVariationSelector(point.codePointAt(0)!) ? [i] : []));

/** A span [start, end) of `length` items, at least one long when length > 0. */
function span(random: () => number, length: number): [number, number] {
  const start = pick(random, length);
  return [start, start + 1 + pick(random, length - start)];
}

function deleteSome(all: string[], indexes: number[], count: number, random: () => number): string {
  const gone = new Set<number>();
  for (let k = 0; k < count && indexes.length > 0; k++) gone.add(indexes[pick(random, indexes.length)]);
  return all.filter((_, i) => !gone.has(i)).join('');
}

const randomSelector = (random: () => number): string => {
  const byte = pick(random, 256);
  return String.fromCodePoint(byte < 16 ? 0xfe00 + byte : 0xe0100 + byte - 16);
};

function removeMatch(text: string, pattern: RegExp, random: () => number): string {
  const matches = [...text.matchAll(pattern)];
  if (matches.length === 0) return text;
  const match = matches[pick(random, matches.length)];
  return text.slice(0, match.index) + text.slice(match.index + match[0].length);
}

const WORDS = ['really ', 'and ', 'new, ', '(see above) ', '然后', 'و ', 'très '];

export const DAMAGES: Damage[] = [
  { name: 'none', apply: (text) => text },
  {
    name: 'crop the start at a code point',
    apply: (text, _, random) =>
      points(text)
        .slice(pick(random, points(text).length))
        .join(''),
  },
  {
    name: 'crop the end at a code point',
    apply: (text, _, random) =>
      points(text)
        .slice(0, pick(random, points(text).length))
        .join(''),
  },
  {
    name: 'quote a span of code points',
    apply: (text, _, random) => {
      const all = points(text);
      return all.slice(...span(random, all.length)).join('');
    },
  },
  {
    name: 'quote a span of whole characters',
    apply: (text, _, random) => {
      const all = Array.from(graphemes(text), (g) => g.segment);
      return all.slice(...span(random, all.length)).join('');
    },
  },
  { name: 'delete a line', apply: (text, _, random) => removeMatch(text, /[^\n]*\n?/g, random) },
  { name: 'delete the first line', apply: (text) => (text.includes('\n') ? text.slice(text.indexOf('\n') + 1) : '') },
  { name: 'delete a word', apply: (text, _, random) => removeMatch(text, /\S+\s?/g, random) },
  {
    name: 'delete a code point',
    apply: (text, _, random) => {
      const all = points(text);
      return deleteSome(all, [...all.keys()], 1, random);
    },
  },
  {
    name: 'delete code points (1 %)',
    apply: (text, _, random) =>
      points(text)
        .filter(() => random() >= 0.01)
        .join(''),
  },
  {
    name: 'delete a selector',
    apply: (text, _, random) => {
      const all = points(text);
      return deleteSome(all, selectorIndexes(all), 1, random);
    },
  },
  {
    name: 'delete the first selector',
    apply: (text) => {
      const all = points(text);
      const [first] = selectorIndexes(all);
      return first === undefined ? text : all.filter((_, i) => i !== first).join('');
    },
  },
  {
    name: 'delete selectors (a tenth)',
    apply: (text, _, random) => {
      const all = points(text);
      const selectors = selectorIndexes(all);
      return deleteSome(all, selectors, Math.ceil(selectors.length / 10), random);
    },
  },
  {
    name: 'change a selector',
    apply: (text, _, random) => {
      const all = points(text);
      const selectors = selectorIndexes(all);
      if (selectors.length > 0) all[selectors[pick(random, selectors.length)]] = randomSelector(random);
      return all.join('');
    },
  },
  {
    name: 'insert a selector',
    apply: (text, _, random) => {
      const all = points(text);
      all.splice(pick(random, all.length + 1), 0, randomSelector(random));
      return all.join('');
    },
  },
  {
    name: 'insert words',
    apply: (text, _, random) => {
      const all = Array.from(graphemes(text), (g) => g.segment);
      for (let k = 0; k < 3; k++) all.splice(pick(random, all.length + 1), 0, WORDS[pick(random, WORDS.length)]);
      return all.join('');
    },
  },
  { name: 'duplicate the text', apply: (text) => `${text}\n${text}` },
  {
    name: 'repeat a span',
    apply: (text, _, random) => {
      const all = points(text);
      const [start, end] = span(random, all.length);
      return [...all.slice(0, end), ...all.slice(start)].join('');
    },
  },
  {
    name: 'splice: the start of one text, the end of another',
    apply: (text, partner, random) => {
      const a = points(text);
      const b = points(partner);
      return [...a.slice(0, pick(random, a.length + 1)), ...b.slice(pick(random, b.length + 1))].join('');
    },
  },
  {
    name: 'splice: a span of another text inserted',
    apply: (text, partner, random) => {
      const a = points(text);
      const b = points(partner);
      const at = pick(random, a.length + 1);
      return [...a.slice(0, at), ...b.slice(...span(random, b.length)), ...a.slice(at)].join('');
    },
  },
  {
    name: 'swap two halves at a code point',
    apply: (text, _, random) => {
      const all = points(text);
      const at = pick(random, all.length + 1);
      return [...all.slice(at), ...all.slice(0, at)].join('');
    },
  },
  { name: 'NFKC', apply: (text) => text.normalize('NFKC') },
];
