// `npm run report:platforms`: which marks survive the paths a text takes on real platforms that this machine can
// run (LibreOffice, pandoc, Markdown renderers, HTML sanitizers, mail, Chromium's copy and paste, Unicode
// normalisation, the filters of prompt-injection guards), measured with the `wm probe` canary and with real marks on
// the corpus. Prints the table and writes it into docs/SURVIVAL.md (between the platforms markers).
import { browserPaths } from './browser-paths.js';
import { TEXT_PATHS, type PlatformPath } from './text-paths.js';
import { toolPaths } from './tool-paths.js';
import { rewriteBetween } from '../../rewrite-between.js';
import { CodecError, strip } from 'wm-watermark-codec';
import { probeCanary, PROBE_KINDS, type ProbeKind } from 'wm-watermark-codec/probe/canary';
import { checkProbe, type ProbeOutcome } from 'wm-watermark-codec/probe/check';
import { loadCorpus } from '../../../packages/codec/test/corpus/load.js';
import { openRenderBrowser } from '../../../test/render/chromium.js';
import { MODES, type Mode } from '../../../packages/codec/test/modes.js';

const SECRET = 'ID-42';
const MODE_NAMES = ['vs auto', 'vs auto keyed', 'robust standard/even', 'robust standard/even keyed'];
const modes = MODE_NAMES.map((name) => MODES.find((mode) => mode.name === name)!);

interface Sample {
  /** index of the unmarked text it is compared with */
  original: number;
  mode?: Mode;
  text: string;
}

/** The texts every path carries: the canary and its visible text, then each corpus text unmarked and marked. */
function samples(): Sample[] {
  const canary = probeCanary();
  const list: Sample[] = [
    { original: 1, text: canary },
    { original: 1, text: strip(canary, { all: true }) },
  ];
  for (const entry of loadCorpus()) {
    const original = list.length;
    list.push({ original, text: entry.text });
    for (const mode of modes) {
      try {
        list.push({ original, mode, text: mode.encode(entry.text, SECRET, entry.pattern, 7) });
      } catch (error) {
        if (!(error instanceof CodecError && error.code === 'CARRIER_TOO_SHORT')) throw error;
      }
    }
  }
  return list;
}

interface Row {
  path: PlatformPath;
  probe: Record<ProbeKind, ProbeOutcome>;
  /** the canary's visible text came back as the unmarked canary's did */
  canaryText: boolean;
  /** per mode: % of corpus texts whose secret came back */
  recovered: number[];
  /** % of marked corpus texts whose visible text came back exactly as the unmarked text's did */
  sameText: number;
}

const percent = (part: number, whole: number): string => {
  const share = (100 * part) / whole;
  return share === 100 || share === 0 ? `${share}` : share.toFixed(1);
};

async function measure(path: PlatformPath, list: Sample[]): Promise<Row> {
  const out = await path.run(list.map((sample) => sample.text));
  const report = checkProbe(out[0]);
  const probe = Object.fromEntries(report.kinds.map((kind) => [kind.kind, kind.outcome])) as Row['probe'];
  const marked = list.map((sample, i) => ({ ...sample, out: out[i] })).filter((sample) => sample.mode);
  const recovered = modes.map((mode) => {
    const ofMode = marked.filter((sample) => sample.mode === mode);
    return (100 * ofMode.filter((sample) => sample.mode!.recover(sample.out)[0] === SECRET).length) / ofMode.length;
  });
  const same = marked.filter((sample) => strip(sample.out, { all: true }) === out[sample.original]).length;
  return {
    path,
    probe,
    canaryText: strip(out[0], { all: true }) === out[1],
    recovered,
    sameText: (100 * same) / marked.length,
  };
}

const USE: [(probe: Row['probe']) => boolean, string][] = [
  [(p) => p.vs === 'kept' && p.robust === 'kept', 'any'],
  [(p) => p.robust === 'kept', 'robust'],
  [(p) => p.vs === 'kept', 'VS frame'],
  [() => true, 'none: fingerprint only'],
];

function table(rows: Row[]): string {
  const kinds = PROBE_KINDS.map((kind) => ({ vs: 'VS frame', vs17: 'frame v2', robust: 'robust', c2pa: 'C2PA' })[kind]);
  const header = [
    'path',
    ...kinds.map((kind) => `probe: ${kind}`),
    'method to use',
    ...MODE_NAMES.map((name) => `${name} (%)`),
    'visible text as unmarked (%)',
  ];
  const lines = rows.map((row) =>
    [
      `${row.path.family}: ${row.path.name}`,
      ...PROBE_KINDS.map((kind) => row.probe[kind]),
      USE.find(([applies]) => applies(row.probe))![1],
      ...row.recovered.map((share) => percent(share, 100)),
      `${percent(row.sameText, 100)}${row.canaryText ? '' : ' †'}`,
    ].join(' | '),
  );
  return [
    `| ${header.join(' | ')} |`,
    `|---|${header
      .slice(1)
      .map(() => '---|')
      .join('')}`,
    ...lines.map((l) => `| ${l} |`),
  ].join('\n');
}

const started = Date.now();
const list = samples();
const rows: Row[] = [];
const { paths: tools, missing } = await toolPaths();
for (const path of [...TEXT_PATHS, ...tools]) {
  rows.push(await measure(path, list));
  process.stderr.write(`${path.family}: ${path.name} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
}
const browser = await openRenderBrowser();
try {
  for (const path of await browserPaths(browser.page)) {
    rows.push(await measure(path, list));
    process.stderr.write(`${path.family}: ${path.name} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
  }
} finally {
  await browser.close();
}

const corpusTexts = list.filter((sample) => !sample.mode).length - 2;
const generated = [
  `Each path carries the \`wm probe\` canary (one mark of each kind; "kept", "damaged": selectors remain but the mark`,
  'does not read, "lost") and the corpus paragraphs marked in four modes (secret ' +
    `"${SECRET}"; % of the ${corpusTexts} texts whose secret comes back, of those the mode could mark), and says which`,
  'method to use there by the probe. "Visible text as unmarked": % of the marked texts whose text, marks stripped,',
  "comes back exactly as the same path gives the unmarked text († where the canary's did not).",
  ...(missing.length > 0 ? ['', `Not measured on this run (missing): ${missing.join(', ')}.`] : []),
  '',
  table(rows),
].join('\n');

process.stdout.write(`${generated}\n\n(${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
rewriteBetween(new URL('../../../docs/SURVIVAL.md', import.meta.url), 'platforms', 'report:platforms', generated);
