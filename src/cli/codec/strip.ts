import { findC2paWrappers } from 'wm-watermark-codec/c2pa';
import { c2paReport, describeC2pa } from 'wm-watermark-codec/c2pa-report';
import { stripResult } from 'wm-watermark-codec/strip';
import { formatJson } from './format.js';
import { readInputText, writeNotice, writeOutput } from './io.js';

export interface StripCommandOptions {
  all?: boolean;
  json?: boolean;
  out?: string;
}

export async function runStrip(file: string | undefined, options: StripCommandOptions): Promise<void> {
  const input = await readInputText(file);
  const result = stripResult(input, { all: options.all });
  await writeOutput(options.json ? formatJson(result) : result.text, options.out);
  if (result.kept) writeNotice(`kept a ${describeC2pa(result.kept.c2pa)}; --all removes it too`);
  const removed = options.all ? findC2paWrappers(input) : [];
  if (removed.length > 0) writeNotice(`removed a ${describeC2pa(c2paReport(input, removed))}`);
}
