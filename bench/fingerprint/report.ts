// `npm run report:fingerprint`: how well the fingerprint of visible text finds the document a leaked text comes
// from, and how rarely it names a document the leak does not come from, for a grid of shingle sizes and windows.
// Prints the tables and writes them into docs/TRACING.md (between the fingerprint markers).
import { generatedDocument } from './generated-texts.js';
import { LEAKS, paragraphOf, rewrap } from './leaks.js';
import { readmeDocuments, sharesPassage } from './readmes.js';
import { rewriteBetween } from '../rewrite-between.js';
import { seededRandom } from '../../packages/codec/src/robust/prng.js';
import {
  FINGERPRINT_PARAMETERS,
  FingerprintIndex,
  MATCH_THRESHOLDS,
  computeFingerprint,
  fingerprintKey,
  type FingerprintParameters,
} from '../../src/domain/fingerprint/index.js';
import { visibleWords, WORD_UNITS } from '../../src/domain/fingerprint/visible-words.js';
import { loadCorpus } from '../../packages/codec/test/corpus/load.js';

const QUICK = process.env.REPORT_QUICK === '1';
const INDEXED = QUICK ? 200 : 1000;
const TRACED = QUICK ? 60 : 300;
const HELD_OUT = QUICK ? 200 : 1000;
const SHINGLE_WORDS = [5, 6, 7, 8];
const WINDOWS = [6, 8, 10, 12, 16];
const key = fingerprintKey(new Uint8Array(32).fill(0x42));

const wordsOf = (seed: number): number => 300 + Math.floor(seededRandom(seed ^ 0x5bd1e995)() * 2700);
const indexed = Array.from({ length: INDEXED }, (_, i) => generatedDocument(i, wordsOf(i)));
const heldOut = Array.from({ length: HELD_OUT }, (_, i) => generatedDocument(1_000_000 + i, wordsOf(1_000_000 + i)));
const wordCount = indexed.reduce((sum, text) => sum + visibleWords(text).tokens.length, 0);

interface Outcome {
  hashesPer1000Words: number;
  /** leak name → % of leaks whose best match is their document */
  recall: Map<string, number>;
  /** leaks of held-out documents that matched some indexed document */
  falseMatches: number;
  falseTrials: number;
  /** per leak kind, the median similarity and coverage of the right document */
  medians: Map<string, { similarity: number; coverage: number }>;
  /** the most hashes and highest similarity any held-out leak reached against any indexed document */
  worstUnrelated: { shared: number; similarity: number };
}

const median = (values: number[]): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
};

function measure(parameters: FingerprintParameters): Outcome {
  const index = new FingerprintIndex<number>(1);
  let hashes = 0;
  indexed.forEach((text, id) => {
    const fingerprint = computeFingerprint(text, key, parameters);
    hashes += fingerprint.hashes.length;
    index.add(id, fingerprint);
  });
  const recall = new Map<string, number>();
  const medians = new Map<string, { similarity: number; coverage: number }>();
  LEAKS.forEach((leak, leakIndex) => {
    let found = 0;
    const similarities: number[] = [];
    const coverages: number[] = [];
    for (let id = 0; id < TRACED; id++) {
      const text = leak.make(indexed[id], seededRandom(id * 131 + leakIndex));
      const best = index.search(computeFingerprint(text, key, parameters))[0];
      if (best?.document !== id) continue;
      found++;
      similarities.push(best.similarity);
      coverages.push(best.coverage);
    }
    recall.set(leak.name, (100 * found) / TRACED);
    medians.set(leak.name, { similarity: median(similarities), coverage: median(coverages) });
  });
  let falseMatches = 0;
  let falseTrials = 0;
  const worstUnrelated = { shared: 0, similarity: 0 };
  heldOut.forEach((text, i) => {
    for (const leak of [LEAKS[0], LEAKS[1], LEAKS[LEAKS.length - 1]]) {
      const fingerprint = computeFingerprint(leak.make(text, seededRandom(i)), key, parameters);
      falseTrials++;
      if (index.search(fingerprint).length > 0) falseMatches++;
      for (const candidate of index.candidates(fingerprint)) {
        worstUnrelated.shared = Math.max(worstUnrelated.shared, candidate.shared);
        const similarity = candidate.shared / Math.max(1, fingerprint.hashes.length);
        if (candidate.shared >= 2) worstUnrelated.similarity = Math.max(worstUnrelated.similarity, similarity);
      }
    }
  });
  return {
    hashesPer1000Words: (1000 * hashes) / wordCount,
    recall,
    falseMatches,
    falseTrials,
    medians,
    worstUnrelated,
  };
}

const percent = (value: number): string => (value === 100 || value === 0 ? `${value}` : value.toFixed(1));
const started = Date.now();

const gridRows: string[] = [];
let chosen: Outcome | undefined;
for (const shingleWords of SHINGLE_WORDS) {
  for (const window of WINDOWS) {
    const parameters = { shingleUnits: shingleWords * WORD_UNITS.word, window };
    const outcome = measure(parameters);
    const isChosen =
      parameters.shingleUnits === FINGERPRINT_PARAMETERS.shingleUnits && window === FINGERPRINT_PARAMETERS.window;
    if (isChosen) chosen = outcome;
    const cells = LEAKS.map((leak) => percent(outcome.recall.get(leak.name)!));
    const name = `${shingleWords} words, window ${window}${isChosen ? ' (version 1)' : ''}`;
    const falseCell = `${outcome.falseMatches} / ${outcome.falseTrials}`;
    const worst = `${outcome.worstUnrelated.shared}, ${outcome.worstUnrelated.similarity.toFixed(2)}`;
    gridRows.push(
      `| ${name} | ${outcome.hashesPer1000Words.toFixed(0)} | ${cells.join(' | ')} | ${falseCell} | ${worst} |`,
    );
    process.stderr.write(`${name}: ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  }
}
if (!chosen) throw new Error('the grid lacks the parameters of version 1');

/** The corpus texts, each a document, and each traced from its middle three fifths, re-wrapped. */
function corpusTable(parameters: FingerprintParameters): string {
  const corpus = loadCorpus();
  const index = new FingerprintIndex<string>(1);
  for (const entry of corpus) index.add(entry.name, computeFingerprint(entry.text, key, parameters));
  indexed.forEach((text, id) => index.add(`generated ${id}`, computeFingerprint(text, key, parameters)));
  const rows = corpus.map((entry) => {
    const characters = [...entry.text];
    const middle = characters.slice(Math.floor(characters.length / 5), Math.ceil((characters.length * 4) / 5)).join('');
    const whole = index.search(computeFingerprint(entry.text, key, parameters));
    const leak = computeFingerprint(rewrap(middle.normalize('NFKC'), 30), key, parameters);
    const found = index.search(leak);
    const best = found[0];
    const wrong = [...whole, ...found].filter((match) => match.document !== entry.name).length;
    const cell = best?.document === entry.name ? `${best.shared} (${best.similarity.toFixed(2)})` : 'no match';
    const hashes = computeFingerprint(entry.text, key, parameters).hashes.length;
    return `| ${entry.name} | ${hashes} | ${leak.hashes.length} | ${cell} | ${wrong} |`;
  });
  return [
    '| text | hashes | hashes of the middle ⅗ | shared with its text (similarity) | other documents matched |',
    '|---|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

/** Real prose that shares passages only where it truly does: the README files of the installed packages. */
function readmeTable(parameters: FingerprintParameters): string {
  const readmes = readmeDocuments();
  const index = new FingerprintIndex<number>(1);
  readmes.forEach((text, id) => index.add(id, computeFingerprint(text, key, parameters)));
  let leaks = 0;
  let matchedOthers = 0;
  let withoutPassage = 0;
  readmes.forEach((text, id) => {
    const paragraph = paragraphOf(text, seededRandom(id));
    if (paragraph.split(/\s+/).length < 50) return;
    leaks++;
    for (const match of index.search(computeFingerprint(paragraph, key, parameters))) {
      if (match.document === id) continue;
      matchedOthers++;
      if (!sharesPassage(paragraph, readmes[match.document])) withoutPassage++;
    }
  });
  return (
    `README files of the installed packages: ${readmes.length} documents, ${leaks} paragraphs of ≥ 50 words traced; ` +
    `${matchedOthers} matches of another README, of which ${withoutPassage} without a passage of 8 words in common ` +
    '(a false match); the others share text (licence terms, install instructions).'
  );
}

const leakColumns = LEAKS.map((leak) => leak.name);
const chosenWords = FINGERPRINT_PARAMETERS.shingleUnits / WORD_UNITS.word;
const generated = [
  `Documents: ${INDEXED} generated documents of 300–3,000 words indexed (${wordCount.toLocaleString('en')} words), ` +
    `the first ${TRACED} traced after each kind of damage, and the leaks of ${HELD_OUT} other generated documents ` +
    '(whole, a paragraph, two sentences) traced against the index for false matches. A match passes ' +
    `MATCH_THRESHOLDS (≥ ${MATCH_THRESHOLDS.minShared} shared hashes, ` +
    `similarity ≥ ${MATCH_THRESHOLDS.minSimilarity}); ` +
    'each recall cell is the % of leaks whose best match is their own document; "worst unrelated": the most ' +
    'hashes any unrelated document shared with a leak, and the highest similarity among those sharing 2 or more.',
  '',
  `| parameters | hashes per 1,000 words | ${leakColumns.join(' | ')} | false matches | ` +
    'worst unrelated (hashes, similarity) |',
  `|---|---:|${leakColumns.map(() => '---:').join('|')}|---:|---:|`,
  ...gridRows,
  '',
  `**Version 1** (${chosenWords} words, window ${FINGERPRINT_PARAMETERS.window}): median similarity / coverage of ` +
    'the right document',
  '',
  `| leak | similarity | coverage |`,
  '|---|---:|---:|',
  ...LEAKS.map((leak) => {
    const { similarity, coverage } = chosen.medians.get(leak.name)!;
    return `| ${leak.name} | ${similarity.toFixed(2)} | ${coverage.toFixed(3)} |`;
  }),
  '',
  '**The corpus** (packages/codec/test/corpus, 25 languages; each text a document beside the generated ones; the ' +
    'leak is its middle ',
  'three fifths, NFKC, re-wrapped at 30 columns)',
  '',
  corpusTable(FINGERPRINT_PARAMETERS),
  '',
  readmeTable(FINGERPRINT_PARAMETERS),
].join('\n');

process.stdout.write(`${generated}\n\n(${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
if (!QUICK)
  rewriteBetween(new URL('../../docs/TRACING.md', import.meta.url), 'fingerprint', 'report:fingerprint', generated);
