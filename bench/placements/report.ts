// `npm run report:placements` (issue 44, item 13): what each placement of the marks costs and keeps. For every
// placement, the VS codec (auto) and the robust codec (standard, even) mark the 29 corpus paragraphs and a real prose
// text (the GPL 3, Debian's /usr/share/common-licenses/GPL-3); the table gives the room for marks, the share of
// the prose's paragraphs that hold a 12-byte secret, and on the corpus: Chromium's pixels and copy, poppler's text
// (default and -raw), and the share of the words that grep/SQL LIKE and a tokenising index still find. Prints the
// table and writes it into docs/FORMAT.md (between the placements markers).
import { readFileSync } from 'node:fs';
import { CodecError, encode, encodeRobust, strip, type EncodeOptions } from 'wm-watermark-codec';
import type { MarkPositions } from '../../packages/codec/src/carriers.js';
import { carrierEnds } from '../../packages/codec/src/robust/carrier-slots.js';
import { loadCorpus } from '../../packages/codec/test/corpus/load.js';
import { openRenderBrowser } from '../../test/render/chromium.js';
import { compareRenderings } from '../../test/render/compare.js';
import { copiesFromPage } from '../../test/render/copy.js';
import { fontFamilyFor } from '../../test/render/fonts.js';
import { popplerPages, printToPdf } from '../../test/render/pdf.js';
import { searchFindings, typedWords } from '../../packages/codec/test/search-words.js';
import { rewriteBetween } from '../rewrite-between.js';

type PlacementOptions = Pick<EncodeOptions, 'markWordEnds' | 'lineEndsOnly' | 'wholeWords'>;

const PLACEMENTS: [string, MarkPositions, PlacementOptions][] = [
  ['inside words (default)', 'inside-words', {}],
  ['whole words (`wholeWords`)', 'outside-words', { wholeWords: true }],
  ['line ends only (`lineEndsOnly`)', 'line-ends', { lineEndsOnly: true }],
  ['word ends too (`markWordEnds`)', 'word-ends', { markWordEnds: true }],
];
const SECRET = 'ID-42';
/** 12 bytes: which paragraphs of the prose hold a secret of this size */
const SECRET_12 = 'INV-2026-042';
const CODECS: [string, (text: string, secret: string, options: PlacementOptions) => string][] = [
  ['auto', (text, secret, options) => encode(text, secret, options).encoded],
  ['robust', (text, secret, options) => encodeRobust(text, secret, { ...options, seed: 1 }).watermarked],
];
const PROSE_FILE = '/usr/share/common-licenses/GPL-3';

interface Row {
  label: string;
  texts: number;
  pixels: number;
  copies: number;
  pdf: number;
  raw: number;
  words: number;
  grep: number;
  tokenWords: number;
  tokens: number;
  wordsInPdf: number;
  grepInPdf: number;
  proseGrep: string;
  proseTokens: string;
  paragraphs: string;
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const percent = (part: number, whole: number): string => {
  if (whole === 0) return '–';
  const value = (100 * part) / whole;
  if (value === 100 || value === 0) return `${value}`;
  return value > 99.95 ? '> 99.9' : value.toFixed(1);
};

/** The text marked, or undefined when it has too few positions (CARRIER_TOO_SHORT). */
function marked(mark: () => string): string | undefined {
  try {
    return mark();
  } catch (error) {
    if (error instanceof CodecError && error.code === 'CARRIER_TOO_SHORT') return undefined;
    throw error;
  }
}

/** The paragraphs of `prose` (blank-line separated) that `mark` accepts with a 12-byte secret, in %. */
function paragraphsHolding(paragraphs: string[], mark: (text: string) => string | undefined): string {
  return percent(paragraphs.filter((paragraph) => mark(paragraph) !== undefined).length, paragraphs.length);
}

const corpus = loadCorpus();
const prose = readFileSync(PROSE_FILE, 'utf8');
const paragraphs = prose.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== '');
const characters = (text: string) => [...text].length;
const corpusCharacters = corpus.reduce((sum, entry) => sum + characters(entry.text), 0);
const room = PLACEMENTS.map(([, where]) => ({
  corpus:
    (1000 * corpus.reduce((sum, entry) => sum + carrierEnds(entry.text, 'standard', where).length, 0)) /
    corpusCharacters,
  prose: (1000 * carrierEnds(prose, 'standard', where).length) / characters(prose),
}));

const rows: Row[] = [];
for (const [placement, , options] of PLACEMENTS)
  for (const [codec, mark] of CODECS) {
    const proseMarked = marked(() => mark(prose, SECRET, options));
    const proseFound = proseMarked === undefined ? undefined : searchFindings(prose, proseMarked);
    const share = (found: { words: number; missing: string[] } | undefined) =>
      found === undefined ? '–' : percent(found.words - found.missing.length, found.words);
    rows.push({
      label: `${codec}, ${placement}`,
      ...{
        texts: 0,
        pixels: 0,
        copies: 0,
        pdf: 0,
        raw: 0,
        words: 0,
        grep: 0,
        tokenWords: 0,
        tokens: 0,
        wordsInPdf: 0,
        grepInPdf: 0,
      },
      proseGrep: share(proseFound?.substring),
      proseTokens: share(proseFound?.tokens),
      paragraphs: paragraphsHolding(paragraphs, (text) => marked(() => mark(text, SECRET_12, options))),
    });
    log(`${codec}, ${placement}: the prose measured`);
  }

const browser = await openRenderBrowser();
try {
  for (const entry of corpus) {
    const font = fontFamilyFor(entry.name);
    const variants: { row: Row; text: string }[] = [];
    let index = 0;
    for (const [, , options] of PLACEMENTS)
      for (const [, mark] of CODECS) {
        const row = rows[index++];
        const text = marked(() => mark(entry.text, SECRET, options));
        if (text !== undefined) variants.push({ row, text });
      }
    const texts = variants.map((variant) => variant.text);
    const rendered = await compareRenderings(browser.page, entry.text, texts, font);
    const copies = await copiesFromPage(browser.page, texts, font);
    const pdf = await printToPdf(browser.page, [entry.text, ...texts], font);
    const [byDefault, raw] = [await popplerPages(pdf), await popplerPages(pdf, true)];
    const pdfWords = typedWords(byDefault[0]);
    variants.forEach(({ row, text }, i) => {
      row.texts++;
      if (!rendered[i].difference) row.pixels++;
      if (copies[i] === text) row.copies++;
      if (strip(byDefault[i + 1]) === strip(byDefault[0])) row.pdf++;
      if (strip(raw[i + 1]) === strip(raw[0])) row.raw++;
      const found = searchFindings(entry.text, text);
      row.words += found.substring.words;
      row.grep += found.substring.words - found.substring.missing.length;
      row.tokenWords += found.tokens.words;
      row.tokens += found.tokens.words - found.tokens.missing.length;
      row.wordsInPdf += pdfWords.length;
      row.grepInPdf += pdfWords.filter((word) => byDefault[i + 1].includes(word)).length;
    });
    log(`${entry.name}: ${variants.length} markings compared`);
  }
} finally {
  await browser.close();
}

const table = rows.map((row) => {
  const where = PLACEMENTS.findIndex(([placement]) => row.label.endsWith(placement));
  const cells = [
    `${row.texts}`,
    room[where].corpus.toFixed(1),
    room[where].prose.toFixed(1),
    row.paragraphs,
    percent(row.pixels, row.texts),
    percent(row.copies, row.texts),
    percent(row.pdf, row.texts),
    percent(row.raw, row.texts),
    percent(row.grep, row.words),
    percent(row.tokens, row.tokenWords),
    percent(row.grepInPdf, row.wordsInPdf),
    `${row.proseGrep} / ${row.proseTokens}`,
  ];
  return `| ${row.label} | ${cells.join(' | ')} |`;
});
const generated = [
  `The ${corpus.length} corpus paragraphs (packages/codec/test/corpus, ` +
    `${corpusCharacters.toLocaleString('en-US')} characters) and`,
  `the GPL 3 as real English prose (${characters(prose).toLocaleString('en-US')} characters), secret "${SECRET}";`,
  'texts: corpus paragraphs the placement can mark at all; room: carrier positions per 1,000 characters (VS `single`',
  `puts one byte on each, robust one bit); paragraphs: % of the GPL's ${paragraphs.length} paragraphs that hold a`,
  `12-byte secret ("${SECRET_12}"); then, on the corpus texts marked, % drawn pixel-identical in Chromium, copied out`,
  "of Chromium unchanged, read by `pdftotext` from Chromium's PDF as the unmarked page (marks stripped; by default",
  'and with -raw), % of the words grep and SQL LIKE still find (each word a substring of the marked text), % of the',
  "words a tokenising index finds (UAX #29 word segments, as Lucene's standard tokeniser), % of the unmarked page's",
  "words grep finds in the marked page's `pdftotext` text, and grep / index on the marked GPL 3.",
  '',
  '| placement | texts | room (corpus) | room (prose) | paragraphs (prose) | pixels | Chromium copy | poppler | ' +
    'poppler -raw | grep / LIKE | index | grep in PDF text | prose: grep / index |',
  `|---|${'---:|'.repeat(12)}`,
  ...table,
].join('\n');
console.log(generated);
rewriteBetween(new URL('../../docs/FORMAT.md', import.meta.url), 'placements', 'report:placements', generated);
