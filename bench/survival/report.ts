// `npm run report:survival`: how often each mode gets its secret back, exactly, after the damage text meets in the
// wild, and after the conversions beyond the browser (PDF, office documents, Markdown, editors). Prints the tables
// and writes them into docs/SURVIVAL.md (between the survival markers), the conversions' summary into README.md.
import { MIN_COPIES, OTHER_SECRET, SECRETS, survivalCarriers } from './carriers.js';
import { conversionSurvival } from './conversions.js';
import { PASSAGE_CELLS, passageSurvival, type PassageTally } from './passages.js';
import { placementSurvival } from './placements.js';
import { shortParagraphSurvival } from './short-paragraphs.js';
import { signedSurvival } from './signed.js';
import { TRANSFORMATIONS, type Transformation } from './transformations.js';
import { rewriteBetween } from '../rewrite-between.js';
import { seededRandom } from '../../packages/codec/src/robust/prng.js';
import { openRenderBrowser } from '../../test/render/chromium.js';
import { copiesFromPage } from '../../test/render/copy.js';
import { fontFamilyFor } from '../../test/render/fonts.js';
import { MODES, type Mode } from '../../packages/codec/test/modes.js';

const COPY_COLUMN = 'Chromium copy';

interface Tally {
  recovered: number;
  trials: number;
}

interface Sample {
  mode: Mode;
  corpusName: string;
  secret: string;
  watermarked: string;
}

const carriers = survivalCarriers();
const tallies = new Map<string, Map<string, Tally>>(MODES.map((mode) => [mode.name, new Map()]));
const count = (mode: Mode, column: string, recovered: boolean): void => {
  const row = tallies.get(mode.name)!;
  const tally = row.get(column) ?? { recovered: 0, trials: 0 };
  tally.recovered += recovered ? 1 : 0;
  tally.trials += 1;
  row.set(column, tally);
};
const recoversSecret = (mode: Mode, text: string, secret: string, anywhere = false): boolean => {
  const found = mode.recover(text);
  return anywhere ? found.includes(secret) : found[0] === secret;
};

const samples: Sample[] = [];
const started = Date.now();
MODES.forEach((mode, modeIndex) => {
  carriers.forEach((entry, textIndex) => {
    const partner = carriers[(textIndex + 1) % carriers.length];
    SECRETS.forEach((secret, secretIndex) => {
      const seed = modeIndex * 1000 + textIndex * 10 + secretIndex;
      const watermarked = mode.encode(entry.text, secret, entry.pattern, seed);
      samples.push({ mode, corpusName: entry.name, secret, watermarked });
      const partnerSameSecret = mode.encode(partner.text, secret, partner.pattern, seed + 1);
      const partnerOtherSecret = mode.encode(partner.text, OTHER_SECRET, partner.pattern, seed + 2);
      TRANSFORMATIONS.forEach((transformation: Transformation, transformationIndex) => {
        for (let trial = 0; trial < transformation.trials; trial++) {
          const random = seededRandom(seed * 7919 + transformationIndex * 101 + trial);
          const damaged = transformation.apply({ watermarked, random, partnerSameSecret, partnerOtherSecret });
          count(mode, transformation.name, recoversSecret(mode, damaged, secret, transformation.acceptsAnyOrder));
        }
      });
    });
  });
});

const passageTallies = MODES.map((mode, modeIndex) => passageSurvival(mode, modeIndex, carriers));

let copiesIdentical = 0;
let conversions: { table: string; summary: string };
let placements: string;
const browser = await openRenderBrowser();
try {
  for (const entry of carriers) {
    const group = samples.filter((sample) => sample.corpusName === entry.name);
    const copies = await copiesFromPage(
      browser.page,
      group.map((sample) => sample.watermarked),
      fontFamilyFor(entry.name),
    );
    group.forEach((sample, i) => {
      if (copies[i] === sample.watermarked) copiesIdentical++;
      count(sample.mode, COPY_COLUMN, recoversSecret(sample.mode, copies[i], sample.secret));
    });
  }
  conversions = await conversionSurvival(browser.page);
  placements = await placementSurvival(browser.page);
} finally {
  await browser.close();
}

const percent = (tally: Tally): string => {
  const share = (100 * tally.recovered) / tally.trials;
  return share === 100 || share === 0 ? `${share}` : share.toFixed(1);
};
function table(columns: string[]): string {
  const header = `| mode | ${columns.join(' | ')} |\n|---|${columns.map(() => '---:').join('|')}|`;
  const rows = MODES.map(
    (mode) => `| ${mode.name} | ${columns.map((c) => percent(tallies.get(mode.name)!.get(c)!)).join(' | ')} |`,
  );
  return [header, ...rows].join('\n');
}
function passageTable(): string {
  const columns = PASSAGE_CELLS.map((cell) => cell.name);
  const header = `| mode | ${columns.join(' | ')} | wrong secrets |\n|---|${columns.map(() => '---:').join('|')}|---:|`;
  const rows = MODES.map((mode, k) => {
    const tallies = passageTallies[k];
    const cells = columns.map((name) => {
      const { recovered, passages } = tallies.get(name)!;
      return percent({ recovered, trials: passages });
    });
    const wrong = [...tallies.values()].reduce((sum: number, tally: PassageTally) => sum + tally.wrong, 0);
    return `| ${mode.name} | ${cells.join(' | ')} | ${wrong} |`;
  });
  return [header, ...rows].join('\n');
}
const passageTrials = PASSAGE_CELLS.map((cell) => passageTallies[0].get(cell.name)!.passages);
const names = TRANSFORMATIONS.map((t) => t.name);
const structural = [...names.slice(0, 8), ...names.slice(-2), COPY_COLUMN];
const damage = names.slice(8, -2);
const trialsOf = (column: string): number => tallies.get(MODES[0].name)!.get(column)!.trials;
const carrierLengths = carriers.map((c) => c.text.length);
const carrierNames = carriers.map((c) => c.name).join(', ');
const generated = [
  `Carriers: ${carriers.length} corpus texts (${carrierNames}), each repeated until robust keyed at`,
  `\`maximum\` holds ≥ ${MIN_COPIES} copies ` +
    `(${Math.min(...carrierLengths)}–${Math.max(...carrierLengths)} UTF-16 units);`,
  `secrets ${SECRETS.map((s) => `"${s}"`).join(', ')}. Each cell: % of exact recoveries; trials per cell:`,
  `${[...new Set([...names, COPY_COLUMN].map(trialsOf))].join(' or ')} (random columns repeat with seeded randomness).`,
  `Chromium copy: ${copiesIdentical} of ${samples.length} copies were identical to the watermarked string.`,
  '',
  '**Text handling** (normalisation, whitespace, line ends, serialisation, copy from a rendered page)',
  '',
  table(structural),
  '',
  '**Damage** (cropping to a part, random deletion of code points, inserted words, concatenation)',
  '',
  table(damage),
  '',
  '**Several passages in one text** (each passage another corpus text with its own secret, joined directly or',
  'with an unmarked paragraph between each two; % of passages whose secret is recovered exactly, anywhere among',
  `the watermarks found; ${[...new Set(passageTrials)].join(' or ')} passages per cell; "wrong secrets": secrets`,
  'returned that were not embedded, over the whole row)',
  '',
  passageTable(),
  '',
  shortParagraphSurvival(),
  '',
  conversions.table,
  '',
  placements,
  '',
  signedSurvival().markdown,
].join('\n');

process.stdout.write(`${generated}\n\n(${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
rewriteBetween(new URL('../../docs/SURVIVAL.md', import.meta.url), 'survival', 'report:survival', generated);
rewriteBetween(new URL('../../README.md', import.meta.url), 'conversions', 'report:survival', conversions.summary);
