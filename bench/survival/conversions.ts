// The conversions table of `npm run report:survival` (issue 20): what a watermarked text is after it leaves the
// browser: printed to PDF by Chromium and read back by poppler and pdf.js, saved as an office document and exported
// as text by LibreOffice, rendered as Markdown, pasted into a rich-text editor. For each mode and path: % of corpus
// texts whose visible text comes back exactly as the same path gives the unmarked text (marks stripped), and % whose
// secret comes back.
import type { Page } from 'playwright-core';
import { loadEditors, markdownShown, pasteInto } from './editors.js';
import { OFFICE_FORMATS, hasLibreOffice, throughOffice, type OfficeFormat } from './office.js';
import { pdfjsPages } from './pdfjs.js';
import { CodecError, strip } from 'wm-watermark-codec';
import { loadCorpus } from '../../packages/codec/test/corpus/load.js';
import { fontFamilyFor } from '../../test/render/fonts.js';
import { MODES, type Mode } from '../../packages/codec/test/modes.js';
import { popplerPages, printToPdf } from '../../test/render/pdf.js';

const SECRET = 'ID-42';
const SEED = 7;

const OFFICE_COLUMNS: Record<OfficeFormat, string> = { DOCX: 'HTML → DOCX → text', ODT: 'HTML → ODT → text' };
export const CONVERSION_COLUMNS = [
  'PDF → poppler',
  'PDF → poppler -raw',
  'PDF → pdf.js',
  ...Object.values(OFFICE_COLUMNS),
  'Markdown → text',
  'paste: contenteditable',
  'paste: Quill',
];

interface Outcome {
  exact: number;
  recovered: number;
  trials: number;
}

interface Text {
  name: string;
  original: string;
  /** the texts each mode could watermark, in MODES order */
  cases: { mode: Mode; watermarked: string }[];
}

function watermarkCorpus(): Text[] {
  return loadCorpus().map((entry) => ({
    name: entry.name,
    original: entry.text,
    cases: MODES.flatMap((mode) => {
      try {
        return [{ mode, watermarked: mode.encode(entry.text, SECRET, entry.pattern, SEED) }];
      } catch (error) {
        if (error instanceof CodecError && error.code === 'CARRIER_TOO_SHORT') return [];
        throw error;
      }
    }),
  }));
}

/** Rows of the README's summary: the modes grouped as in its damage table. */
const GROUPS: [string, (mode: Mode) => boolean][] = [
  ['VS methods', (mode) => mode.family === 'vs' && !mode.keyed],
  ['VS methods, keyed', (mode) => mode.family === 'vs' && mode.keyed],
  ['robust, every stealth level × distribution', (mode) => mode.family === 'robust' && !mode.keyed],
  ['robust, keyed', (mode) => mode.family === 'robust' && mode.keyed],
];

/**
 * Runs every path over the corpus; returns the markdown of the table and its notes (docs/SURVIVAL.md) and of a
 * summary with a row per group of modes (README.md).
 */
export async function conversionSurvival(page: Page): Promise<{ table: string; summary: string }> {
  const texts = watermarkCorpus();
  const outcomes = new Map<string, Outcome>();
  const record = (column: string, mode: Mode, unmarked: string, marked: string): void => {
    const key = `${mode.name}\u0000${column}`;
    const outcome = outcomes.get(key) ?? { exact: 0, recovered: 0, trials: 0 };
    outcome.trials++;
    if (strip(marked) === unmarked) outcome.exact++;
    if (mode.recover(marked)[0] === SECRET) outcome.recovered++;
    outcomes.set(key, outcome);
  };
  /** Applies one path to the original and to each watermarked text of every corpus text, and records the results. */
  const measure = async (column: string, path: (text: string, entry: Text) => Promise<string>): Promise<void> => {
    for (const entry of texts) {
      const unmarked = await path(entry.original, entry);
      for (const { mode, watermarked } of entry.cases) record(column, mode, unmarked, await path(watermarked, entry));
    }
  };

  for (const entry of texts) {
    const pdf = await printToPdf(
      page,
      [entry.original, ...entry.cases.map((c) => c.watermarked)],
      fontFamilyFor(entry.name),
    );
    for (const [column, pages] of [
      ['PDF → poppler', await popplerPages(pdf)],
      ['PDF → poppler -raw', await popplerPages(pdf, true)],
      ['PDF → pdf.js', await pdfjsPages(pdf)],
    ] as const) {
      entry.cases.forEach(({ mode }, i) => record(column, mode, pages[0], pages[i + 1]));
    }
  }

  const office = await hasLibreOffice();
  if (office) {
    for (const format of Object.keys(OFFICE_FORMATS) as OfficeFormat[]) {
      const converted = await throughOffice(
        texts.map((entry) => [entry.original, ...entry.cases.map((c) => c.watermarked)]),
        format,
      );
      texts.forEach((entry, t) =>
        entry.cases.forEach(({ mode }, i) =>
          record(OFFICE_COLUMNS[format], mode, converted[t][0], converted[t][i + 1]),
        ),
      );
    }
  }

  await loadEditors(page);
  await measure('Markdown → text', (text) => markdownShown(page, text));
  await measure('paste: contenteditable', (text) => pasteInto(page, text, 'contenteditable'));
  await measure('paste: Quill', (text) => pasteInto(page, text, 'quill'));

  const shares = (mode: Mode, column: string): [number, number] | undefined => {
    const outcome = outcomes.get(`${mode.name}\u0000${column}`);
    return outcome && [(100 * outcome.exact) / outcome.trials, (100 * outcome.recovered) / outcome.trials];
  };
  const percent = (share: number): string => (share === 100 || share === 0 ? `${share}` : share.toFixed(1));
  const range = (values: number[]): string => {
    const [low, high] = [Math.min(...values), Math.max(...values)].map((value) => percent(value).replace(/\.\d$/, ''));
    return low === high ? low : `${low}–${high}`;
  };
  const cell = (mode: Mode, column: string): string => {
    const found = shares(mode, column);
    return found ? `${percent(found[0])} / ${percent(found[1])}` : '—';
  };
  const groupCell = (modes: Mode[], column: string): string => {
    const found = modes
      .map((mode) => shares(mode, column))
      .filter((pair): pair is [number, number] => pair !== undefined);
    return found.length ? `${range(found.map(([exact]) => exact))} / ${range(found.map(([, secret]) => secret))}` : '—';
  };
  const alignments = CONVERSION_COLUMNS.map(() => '---:').join('|');
  const summaryHeader = `| modes | ${CONVERSION_COLUMNS.join(' | ')} |\n|---|${alignments}|`;
  const summary = [
    summaryHeader,
    ...GROUPS.map(([label, belongs]) => {
      const modes = MODES.filter(belongs);
      return `| ${label} | ${CONVERSION_COLUMNS.map((column) => groupCell(modes, column)).join(' | ')} |`;
    }),
  ].join('\n');
  const encodedTexts = (mode: Mode): number => texts.filter((entry) => entry.cases.some((c) => c.mode === mode)).length;
  const header = `| mode | texts | ${CONVERSION_COLUMNS.join(' | ')} |\n|---|---:|${alignments}|`;
  const rows = MODES.map(
    (mode) => `| ${mode.name} | ${encodedTexts(mode)} | ${CONVERSION_COLUMNS.map((c) => cell(mode, c)).join(' | ')} |`,
  );
  const table = [
    `**Conversions** (each cell: % of texts whose visible text comes back exactly as the same path gives the unmarked`,
    `text, marks stripped / % whose secret comes back; the ${texts.length} corpus paragraphs, ` +
      `secret "${SECRET}"; "texts":`,
    'how many of them the mode could watermark, the others being too short for it). PDF: printed by Chromium',
    '(page.pdf, each text in a 320 px box in its first render font), read by `pdftotext` (poppler; by default and',
    'with `-raw`, which keeps the order the page draws in) and by pdfjs-dist',
    '(getTextContent). Office: an HTML page, a paragraph per line, converted by LibreOffice headless and exported as',
    'UTF-8 text. Markdown: markdown-it, the HTML shown in Chromium (innerText). Paste: the text shown in a box, copied',
    'with Ctrl+C and pasted with Ctrl+V into a contenteditable (innerText) and into Quill 2 (getText()).',
    ...(office
      ? []
      : [
          '',
          'LibreOffice is not installed (`apt-get install -y libreoffice-writer-nogui`): its columns are skipped (—).',
        ]),
    '',
    header,
    ...rows,
  ].join('\n');
  return { table, summary };
}
