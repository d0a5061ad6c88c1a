import { randomWord } from './generated-texts.js';

/** What happens to a document on its way out, as the fingerprint measurements apply it (all seeded). */
export interface Leak {
  name: string;
  make(document: string, random: () => number): string;
}

const MIN_PARAGRAPH_WORDS = 50;

const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)];

/** A paragraph of the document with at least 50 words (the longest if none has). */
export function paragraphOf(document: string, random: () => number): string {
  const paragraphs = document.split(/\n\s*\n/);
  const long = paragraphs.filter((paragraph) => paragraph.split(/\s+/).length >= MIN_PARAGRAPH_WORDS);
  if (long.length > 0) return pick(long, random);
  return paragraphs.reduce((a, b) => (b.length > a.length ? b : a));
}

const sentencesOf = (text: string): string[] => text.match(/[^.?!]+[.?!]+["”]?\s*/g) ?? [text];

/** The first two sentences of a paragraph: a quote. */
const twoSentences = (document: string, random: () => number): string =>
  sentencesOf(paragraphOf(document, random)).slice(0, 2).join('').trim();

/** Lines broken anew at `width` columns (as a mail client or a narrower page does). */
export function rewrap(text: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join('\n');
}

/** Light edits: in about `rate` of the words, a substitution, a deletion, an inserted word or a typo. */
export function lightEdits(text: string, random: () => number, rate = 0.03): string {
  const words = text.split(/\s+/).filter(Boolean);
  const edited: string[] = [];
  for (const word of words) {
    if (random() >= rate) {
      edited.push(word);
      continue;
    }
    const kind = Math.floor(random() * 4);
    if (kind === 0) edited.push(randomWord(random));
    else if (kind === 2) edited.push(word, randomWord(random));
    else if (kind === 3)
      edited.push(word.length > 2 ? `${word.slice(0, 1)}${word[2]}${word[1]}${word.slice(3)}` : word);
    // kind 1: the word deleted
  }
  return edited.join(' ');
}

/**
 * One sentence in five said in other words: most of its words replaced and its halves swapped (a paraphrase shares
 * next to no five-word phrase with what it rewords).
 */
export function paraphraseOneInFive(text: string, random: () => number): string {
  return sentencesOf(text)
    .map((sentence, i) => {
      if (i % 5 !== 2) return sentence;
      const words = sentence.trim().split(/\s+/);
      const reworded = words.map((word) => (random() < 0.6 ? randomWord(random) : word));
      const half = reworded.length >> 1;
      return `${[...reworded.slice(half), ...reworded.slice(0, half)].join(' ')} `;
    })
    .join('');
}

export const LEAKS: readonly Leak[] = [
  { name: 'whole document', make: (document) => document },
  { name: 'a paragraph (≥ 50 words)', make: paragraphOf },
  {
    name: 'paragraph, re-wrapped at 38 columns',
    make: (document, random) => rewrap(paragraphOf(document, random), 38),
  },
  {
    name: 'paragraph, NFKC + upper case',
    make: (document, random) => paragraphOf(document, random).normalize('NFKC').toUpperCase(),
  },
  {
    name: 'paragraph, light edits (3 % of words)',
    make: (document, random) => lightEdits(paragraphOf(document, random), random),
  },
  {
    name: 'paragraph, one sentence in five paraphrased',
    make: (document, random) => paraphraseOneInFive(paragraphOf(document, random), random),
  },
  {
    name: 'paragraph, all of the above',
    make: (document, random) =>
      rewrap(
        lightEdits(paraphraseOneInFive(paragraphOf(document, random), random), random)
          .normalize('NFKC')
          .toUpperCase(),
        38,
      ),
  },
  { name: 'two sentences', make: twoSentences },
];
