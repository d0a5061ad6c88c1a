// `npm run report:variants`: how many variant sites real prose has, how many words a leaked passage needs to name
// its leaker, and how often simulated leaks name a colluder (and never an innocent), by passage length, number of
// colluders and damage. Prints the tables and writes them into docs/TRACING.md (between the variants markers).
import { readFileSync } from 'node:fs';
import { generatedProse } from '../../packages/codec/test/variants/generated-prose.js';
import { DAMAGES, STRATEGIES, type Damage } from '../../packages/codec/test/variants/leaks.js';
import { rewriteBetween } from '../rewrite-between.js';
import {
  issueDocument,
  RECIPIENTS,
  traceLeak,
  type IssuedDocument,
} from '../../packages/codec/test/variants/simulation.js';
import { variantClasses, type VariantPlan } from 'wm-watermark-codec/variants';

const QUICK = process.env.REPORT_QUICK === '1';
const LEAKS_PER_CELL = QUICK ? 6 : 40;
const KINDS = ['memo', 'news', 'fiction', 'legal', 'technical'] as const;
const PASSAGES = [1000, 2500, 5000, 10_000, 20_000, 0];
const DOCUMENT_WORDS = 40_000;
const started = Date.now();
const log = (line: string) => process.stderr.write(`${line}\n`);
const percent = (part: number, whole: number) => (whole === 0 ? '–' : `${Math.round((100 * part) / whole)} %`);
const thousands = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '–');

/** Round one's table (version 1 of the English table), for the before-and-after columns. */
const ROUND_ONE: Record<(typeof KINDS)[number], { bits: number; alone: number; colluders: number }> = {
  memo: { bits: 3.5, alone: 7729, colluders: 50_094 },
  news: { bits: 13.7, alone: 1973, colluders: 12_790 },
  fiction: { bits: 4.5, alone: 5957, colluders: 38_609 },
  legal: { bits: 3.5, alone: 7787, colluders: 50_470 },
  technical: { bits: 41.8, alone: 646, colluders: 4185 },
};

/** The independent choices a plan's sites of one class carry: a site each, or a per-copy unit once. */
function positionsOf(plan: VariantPlan, classId: string): number {
  const sites = plan.sites.filter((site) => site.classId === classId);
  const perSite = new Set(sites.filter((s) => !s.perCopy).map((s) => `${s.hash[0]}:${s.hash[1]}`)).size;
  return perSite + new Set(sites.filter((s) => s.perCopy).map((s) => s.unit)).size;
}

/** Real prose: density, words needed (from density and the positions needed), and whole copies traced. */
function proseTable(): string {
  const rows: string[] = [];
  const byClass = new Map<string, number[]>();
  let totalWords = 0;
  for (const [i, kind] of KINDS.entries()) {
    const text = readFileSync(new URL(`../../packages/codec/test/variants/prose/${kind}.txt`, import.meta.url), 'utf8');
    const document = issueDocument(kind, text, 2, 100 + i);
    const { capacity } = document.plan;
    for (const spec of variantClasses('en')) {
      const counts = byClass.get(spec.id) ?? KINDS.map(() => 0);
      counts[i] = positionsOf(document.plan, spec.id);
      byClass.set(spec.id, counts);
    }
    totalWords += capacity.words;
    const bitsPerWord = capacity.positions / capacity.words;
    let named = 0;
    for (let copy = 0; copy < 20; copy++) {
      const traced = traceLeak(document, {
        colluders: [copy * 5],
        strategy: 'majority',
        damages: ['strip', 'nfkc', 'rewrap'],
        words: 0,
        seed: copy + 1,
      });
      if (traced.innocents.length > 0) throw new Error(`${kind}: an innocent was named`);
      if (traced.caught) named++;
    }
    const before = ROUND_ONE[kind];
    rows.push(
      `| ${kind} | ${thousands(capacity.words)} | ${capacity.sites} | ${capacity.sitesPerThousandWords} | ` +
        `${capacity.positions} | ${before.bits} → **${(bitsPerWord * 1000).toFixed(1)}** | ` +
        `${thousands(before.alone)} → **${thousands(capacity.requiredForOneLeaker / bitsPerWord)}** | ` +
        `${thousands(before.colluders)} → **${thousands(capacity.requiredPositions / bitsPerWord)}** | ` +
        `${named} / 20 |`,
    );
    log(`prose: ${kind} done`);
  }
  const titles = new Map(variantClasses('en').map((spec) => [spec.id, spec.title]));
  const classRows = [...byClass]
    .filter(([, counts]) => counts.some((n) => n > 0))
    .sort((a, b) => sum(b[1]) - sum(a[1]))
    .map(
      ([id, counts]) =>
        `| ${titles.get(id)} | ${counts.join(' | ')} | ${((sum(counts) / totalWords) * 1000).toFixed(1)} |`,
    );
  const silent = [...byClass].filter(([, counts]) => counts.every((n) => n === 0)).map(([id]) => titles.get(id));
  return [
    '| prose | words | sites | sites / 1,000 words | independent choices (bits) | ' +
      'bits / 1,000 words (round one → now) | ' +
      `words to name 1 of ${RECIPIENTS} alone | words to name one of 2 colluders among ${RECIPIENTS} | ` +
      'whole copy traced, one leaker |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    `Each class's independent choices (bits) in each text, and per 1,000 words of all five (${thousands(totalWords)} ` +
      'words):',
    '',
    `| class | ${KINDS.join(' | ')} | bits / 1,000 words |`,
    `|---|${KINDS.map(() => '---:').join('|')}|---:|`,
    ...classRows,
    '',
    `No site in these texts: ${silent.join(', ')}.`,
  ].join('\n');
}

const sum = (values: readonly number[]) => values.reduce((total, n) => total + n, 0);

/** The n-th leak of a cell: its colluders, strategy and seed depend on n and the colluders only, so the cells of
 * both tables with the same colluders and length are the same leaks but for their damage. */
const leakOf = (n: number, colluders: number, damages: readonly Damage[], words: number) => ({
  colluders: Array.from({ length: colluders }, (_, i) => (n * 17 + i * 29) % RECIPIENTS),
  strategy: STRATEGIES[n % STRATEGIES.length],
  damages,
  words,
  seed: words * 31 + colluders * 1009 + n * 7919 + 1,
});

/** Generated prose: detection by passage length and colluders (strategies in turn; stripped, NFKC, re-wrapped). */
function detectionTable(documents: { two: IssuedDocument; four: IssuedDocument }): string {
  const rows: string[] = [];
  let innocents = 0;
  let leaks = 0;
  for (const words of PASSAGES) {
    const cells: string[] = [];
    for (const colluders of [1, 2, 3, 4]) {
      const document = colluders <= 2 ? documents.two : documents.four;
      let caught = 0;
      let positions = 0;
      let tooFew = 0;
      for (let n = 0; n < LEAKS_PER_CELL; n++) {
        const traced = traceLeak(document, leakOf(n, colluders, ['strip', 'nfkc', 'rewrap'], words));
        leaks++;
        innocents += traced.innocents.length;
        positions += traced.accusation.positions;
        if (traced.caught) caught++;
        if (traced.accusation.verdict === 'too_few_sites') tooFew++;
      }
      const few = tooFew > 0 ? `, ${tooFew} too few` : '';
      cells.push(`${percent(caught, LEAKS_PER_CELL)} (${Math.round(positions / LEAKS_PER_CELL)}${few})`);
    }
    rows.push(`| ${words === 0 ? `whole (${thousands(DOCUMENT_WORDS)})` : thousands(words)} | ${cells.join(' | ')} |`);
    log(`detection: ${words || 'whole'} done`);
  }
  return [
    '| passage, words | 1 leaker | 2 colluders | 3 colluders | 4 colluders |',
    '|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    `${leaks} leaks, ${innocents} innocent copies named.`,
  ].join('\n');
}

/** Each damage alone, and all of them, at 10,000 words: one leaker and two colluders. */
function damageTable(document: IssuedDocument): string {
  const kinds: (readonly Damage[])[] = [[], ...DAMAGES.map((d) => [d]), DAMAGES];
  const rows: string[] = [];
  let innocents = 0;
  for (const damages of kinds) {
    const cells: string[] = [];
    for (const colluders of [1, 2]) {
      let caught = 0;
      for (let n = 0; n < LEAKS_PER_CELL; n++) {
        const traced = traceLeak(document, leakOf(n, colluders, damages, 10_000));
        innocents += traced.innocents.length;
        if (traced.caught) caught++;
      }
      cells.push(percent(caught, LEAKS_PER_CELL));
    }
    const name = damages.length === 0 ? 'none' : damages.length === DAMAGES.length ? 'all of them' : damages[0];
    rows.push(`| ${name} | ${cells.join(' | ')} |`);
  }
  log('damage done');
  return [
    '| damage (10,000-word passage) | 1 leaker | 2 colluders |',
    '|---|---:|---:|',
    ...rows,
    '',
    `${innocents} innocent copies named.`,
  ].join('\n');
}

const two = issueDocument('report-c2', generatedProse(101, DOCUMENT_WORDS), 2, 7);
const four = issueDocument('report-c4', generatedProse(102, DOCUMENT_WORDS), 4, 8);
const density = (document: IssuedDocument) =>
  `${document.plan.capacity.sitesPerThousandWords} sites and ` +
  `${((document.plan.capacity.positions / document.plan.capacity.words) * 1000).toFixed(1)} bits per 1,000 words`;
const generated = [
  '**Real prose** (packages/codec/test/variants/prose, sources in its SOURCES.md; every class on; "words to name" ' +
    'divides the ' +
    `positions a leak must show (an estimate: log₂(n/ε) = ${two.plan.capacity.requiredForOneLeaker} for one leaker, ` +
    `${two.plan.capacity.requiredPositions} for one of 2 colluders, n = ${RECIPIENTS}, ε = 10⁻⁶) by the text's bits ` +
    'per word; "whole copy traced": 20 copies of the text leaked whole, stripped, NFKC-normalised and re-wrapped, ' +
    'traced against all 100)',
  '',
  proseTable(),
  '',
  '**Simulated leaks** of generated prose (packages/codec/test/variants/generated-prose.ts; documents of ' +
    `${thousands(DOCUMENT_WORDS)} ` +
    `words with ${density(two)} for the code made for 2 colluders (p = ½), ${density(four)} for the code made ` +
    `for 4 (p = (1 ± 1/√3)/2); ${RECIPIENTS} copies each; ε = 10⁻⁶). Each cell: the share of ${LEAKS_PER_CELL} ` +
    'leaks that named at least one colluder, and in brackets the mean positions the passage showed ("too few": ' +
    'leaks answered too_few_sites). The colluders take turns at every strategy (majority, minority, random, ' +
    'interleaved paragraphs, every differing sentence deleted); every leak is stripped, NFKC-normalised and ' +
    're-wrapped, and cut to a passage at a random place.',
  '',
  detectionTable({ two, four }),
  '',
  'Each damage alone, and all of them together, on 10,000-word passages of the first document:',
  '',
  damageTable(two),
].join('\n');

process.stdout.write(`${generated}\n\n(${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
if (!QUICK) rewriteBetween(new URL('../../docs/TRACING.md', import.meta.url), 'variants', 'report:variants', generated);
