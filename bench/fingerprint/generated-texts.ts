import { seededRandom } from '../../packages/codec/src/robust/prng.js';

/**
 * Documents for measuring fingerprints: English-like prose, reproducible from a seed, none sharing a passage with
 * another except by chance. Words follow Zipf's law (the 120 most frequent English words at the head, then made-up
 * words), and stock phrases of real prose ("at the end of the", "on the other hand") recur across documents, so
 * unrelated texts share short phrases as real ones do: what a fingerprint must not take for a shared text.
 * Some compatibility characters (ligatures, no-break spaces, full-width digits, curly quotes) give NFKC something
 * to fold.
 */

const FUNCTION_WORDS = (
  'the of and to a in is that for it as was with be by on not he this are or his from at which but have an they ' +
  'you were her she there been one all we their has would when if so no will more can its out up who them what ' +
  'some into my than then only about could other time also new these two may first any like our over such do ' +
  'most after made between must where before through many back years much way well should because each just ' +
  'those people how too little state good very make world still own see men work long get here both life being ' +
  'under never day same another know while last might us great old year off come since against go came right'
).split(' ');

const STOCK_PHRASES = [
  'at the end of the',
  'on the other hand',
  'as a result of the',
  'in the middle of the',
  'it is important to note that',
  'for the first time in',
  'one of the most important',
  'at the same time',
  'in the case of the',
  'as well as the',
  'the rest of the',
  'in order to make sure that',
  'there is no doubt that',
  'at the beginning of the',
  'by the end of the year',
  'in the united states',
  'for the purpose of this',
  'on behalf of the',
  'with respect to the',
  'in accordance with the',
  'as soon as possible',
  'to the best of our knowledge',
  'in the near future',
  'it should be noted that',
  'the fact that the',
  'in spite of the fact that',
  'a large number of',
  'as far as we know',
  'at the time of writing',
  'please let us know if',
];

const SYLLABLES = (
  'ba be bi bo bu ca co cu da de di do fa fe fi fo ga ge go ha he hi ho ka ke ki ko la le li lo lu ma me mi mo mu ' +
  'na ne ni no nu pa pe pi po ra re ri ro ru sa se si so su ta te ti to tu va ve vi vo za ze zo ' +
  'ar er in on or an en ul ex'
).split(' ');
const CONTENT_WORDS = 20_000;

/** The made-up vocabulary, the same for every seed. */
const vocabulary: string[] = (() => {
  const random = seededRandom(0x70ca_b001);
  const words = new Set<string>(FUNCTION_WORDS);
  while (words.size < FUNCTION_WORDS.length + CONTENT_WORDS) {
    const syllables = 1 + Math.floor(random() * 3.2);
    let word = '';
    for (let i = 0; i < syllables; i++) word += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    words.add(word);
  }
  return [...words];
})();

/** Cumulative Zipf weights (exponent 1) over the vocabulary, rank 1 first. */
const cumulative: Float64Array = (() => {
  const weights = new Float64Array(vocabulary.length);
  let sum = 0;
  for (let rank = 0; rank < vocabulary.length; rank++) weights[rank] = sum += 1 / (rank + 1);
  return weights.map((weight) => weight / sum);
})();

function zipfWord(random: () => number): string {
  const target = random();
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cumulative[middle] < target) low = middle + 1;
    else high = middle;
  }
  return vocabulary[low];
}

/** A word of the vocabulary drawn as prose draws them (exported for the damage: inserted and substituted words). */
export const randomWord = zipfWord;

/** Compatibility characters that NFKC folds: the fi ligature, a no-break space before a number, full-width digits. */
const COMPATIBILITY: ((text: string) => string)[] = [
  (text) => text.replace(/fi/g, '\uFB01'),
  (text) => text.replace(/ (\d)/g, '\u00A0$1'),
  (text) => text.replace(/\d/g, (digit) => String.fromCharCode(0xff10 + Number(digit))),
];

function sentence(random: () => number): string {
  const length = 8 + Math.floor(random() * 22);
  const words: string[] = [];
  while (words.length < length) {
    if (random() < 0.06) words.push(...STOCK_PHRASES[Math.floor(random() * STOCK_PHRASES.length)].split(' '));
    else if (random() < 0.01) words.push(String(Math.floor(random() * 2000)));
    else words.push(zipfWord(random));
  }
  let text = words.join(' ');
  if (random() < 0.15) text = text.replace(/ (\w+) (\w+)/, ' \u201C$1 $2\u201D');
  if (random() < 0.1) text = text.replace(/ /, ', ');
  if (random() < 0.3) {
    text = COMPATIBILITY[Math.floor(random() * COMPATIBILITY.length)](text);
  }
  return `${text[0].toUpperCase()}${text.slice(1)}${random() < 0.9 ? '.' : '?'}`;
}

/** One document: paragraphs of three to seven sentences, about `words` words in all, separated by blank lines. */
export function generatedDocument(seed: number, words: number): string {
  const random = seededRandom(seed);
  const paragraphs: string[] = [];
  let count = 0;
  while (count < words) {
    const sentences = Array.from({ length: 3 + Math.floor(random() * 5) }, () => sentence(random));
    const paragraph = sentences.join(' ');
    count += paragraph.split(' ').length;
    paragraphs.push(paragraph);
  }
  return paragraphs.join('\n\n');
}
