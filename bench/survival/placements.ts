// The placements table of `npm run report:survival` (issue 36): which positions keep poppler's text the same, by
// default and with `pdftotext -raw`, and what each costs in room for marks. Every corpus paragraph is marked with
// `auto` and with robust (standard, even) at each placement, printed to PDF by Chromium and read back both ways.
import type { Page } from 'playwright-core';
import { CodecError, encode, encodeRobust, strip, type EncodeOptions } from 'wm-watermark-codec';
import { carrierEnds } from '../../packages/codec/src/robust/carrier-slots.js';
import type { MarkPositions } from '../../packages/codec/src/carriers.js';
import { loadCorpus } from '../../packages/codec/test/corpus/load.js';
import { fontFamilyFor } from '../../test/render/fonts.js';
import { popplerPages, printToPdf } from '../../test/render/pdf.js';

const SECRET = 'ID-42';

const PLACEMENTS: [string, MarkPositions, Pick<EncodeOptions, 'markWordEnds' | 'lineEndsOnly'>][] = [
  ['inside words (default)', 'inside-words', {}],
  ['line ends only (`lineEndsOnly`)', 'line-ends', { lineEndsOnly: true }],
  ['word ends too (`markWordEnds`)', 'word-ends', { markWordEnds: true }],
];
const CODECS: [string, (text: string, options: object) => string][] = [
  ['auto', (text, options) => encode(text, SECRET, options).encoded],
  ['robust', (text, options) => encodeRobust(text, SECRET, { ...options, seed: 1 }).watermarked],
];

interface Row {
  label: string;
  texts: number;
  sameDefault: number;
  sameRaw: number;
}

const share = (part: number, whole: number): string => {
  const value = whole === 0 ? 0 : (100 * part) / whole;
  return value === 100 || value === 0 ? `${value}` : value.toFixed(1);
};

export async function placementSurvival(page: Page): Promise<string> {
  const corpus = loadCorpus();
  const rows = new Map<string, Row>();
  const characters = corpus.reduce((sum, entry) => sum + [...entry.text].length, 0);
  const positions = PLACEMENTS.map(([, where]) =>
    corpus.reduce((sum, entry) => sum + carrierEnds(entry.text, 'standard', where).length, 0),
  );
  for (const entry of corpus) {
    const variants: { label: string; text: string }[] = [];
    for (const [placement, , options] of PLACEMENTS) {
      for (const [codec, mark] of CODECS) {
        const label = `${codec}, ${placement}`;
        if (!rows.has(label)) rows.set(label, { label, texts: 0, sameDefault: 0, sameRaw: 0 });
        try {
          variants.push({ label, text: mark(entry.text, options) });
        } catch (error) {
          if (!(error instanceof CodecError && error.code === 'CARRIER_TOO_SHORT')) throw error;
        }
      }
    }
    const pdf = await printToPdf(page, [entry.text, ...variants.map((v) => v.text)], fontFamilyFor(entry.name));
    const [byDefault, raw] = [await popplerPages(pdf), await popplerPages(pdf, true)];
    variants.forEach(({ label }, i) => {
      const row = rows.get(label)!;
      row.texts++;
      if (strip(byDefault[i + 1]) === strip(byDefault[0])) row.sameDefault++;
      if (strip(raw[i + 1]) === strip(raw[0])) row.sameRaw++;
    });
  }
  const lines = [...rows.values()].map((row) => {
    const where = PLACEMENTS.findIndex(([placement]) => row.label.endsWith(placement));
    const room = ((1000 * positions[where]) / characters).toFixed(0);
    const cells = [row.texts, share(row.sameDefault, row.texts), share(row.sameRaw, row.texts), room];
    return `| ${row.label} | ${cells.join(' | ')} |`;
  });
  return [
    `**Placements and PDF text** (the ${corpus.length} corpus paragraphs, secret "${SECRET}", printed to PDF as in the`,
    'conversions table; % of the texts each could mark whose page `pdftotext` reads exactly as the unmarked page,',
    'marks stripped, by default and with `-raw`; room: carrier positions per 1,000 characters over the whole corpus)',
    '',
    '| placement | texts | poppler (default) | poppler -raw | room |',
    '|---|---:|---:|---:|---:|',
    ...lines,
  ].join('\n');
}
