import { probeCanary } from 'wm-watermark-codec/probe/canary';
import { checkProbe, type ProbeReport } from 'wm-watermark-codec/probe/check';
import { CliError, EXIT } from '../errors.js';
import { formatJson } from './format.js';
import { readInputText, writeOutput } from './io.js';

export interface ProbeNewOptions {
  out?: string;
}

export interface ProbeCheckOptions {
  json?: boolean;
  out?: string;
}

export async function runProbeNew(options: ProbeNewOptions): Promise<void> {
  await writeOutput(probeCanary(), options.out);
}

const VISIBLE_TEXT: Record<ProbeReport['visible_text'], string> = {
  unchanged: 'unchanged',
  spacing: 'the same words, spacing or line breaks changed',
  normalised: 'changed by Unicode normalisation (NFKC)',
  changed: 'changed',
};

function formatReport(report: ProbeReport): string {
  const width = Math.max(...report.kinds.map((kind) => kind.name.length));
  const rows = report.kinds.map((kind) => `  ${kind.name.padEnd(width)}  ${kind.outcome.padEnd(7)}  ${kind.detail}\n`);
  const { bmp, supplementary, sent_bmp: sentBmp, sent_supplementary: sentSupplementary } = report.selectors;
  return [
    ...rows,
    `visible text: ${VISIBLE_TEXT[report.visible_text]}\n`,
    `selectors: VS1–VS16 ${bmp} of ${sentBmp}, VS17–VS256 ${supplementary} of ${sentSupplementary}\n`,
    ...(report.added.length > 0 ? [`added by the platform: ${report.added.join(', ')}\n`] : []),
    ...report.advice.map((line) => `${line}\n`),
  ].join('');
}

/** Prints which kinds of mark came back; exit 1 (and nothing on stderr) when none did. */
export async function runProbeCheck(file: string | undefined, options: ProbeCheckOptions): Promise<void> {
  const report = checkProbe(await readInputText(file));
  await writeOutput(options.json ? formatJson(report) : formatReport(report), options.out);
  const watermarks = report.kinds.filter((kind) => kind.kind !== 'c2pa');
  if (watermarks.every((kind) => kind.outcome !== 'kept')) throw new CliError(EXIT.NO_WATERMARK, '');
}
