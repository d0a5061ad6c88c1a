import { findC2paWrappers } from '../../codec/c2pa.js';
import { c2paReport, describeC2pa } from '../../codec/c2pa-report.js';
import { strip } from '../../codec/strip.js';
import { formatJson } from './format.js';
import { readInputText, writeNotice, writeOutput } from './io.js';

export interface StripCommandOptions {
  all?: boolean;
  json?: boolean;
  out?: string;
}

export async function runStrip(file: string | undefined, options: StripCommandOptions): Promise<void> {
  const input = await readInputText(file);
  const text = strip(input, { all: options.all });
  const wrappers = findC2paWrappers(input);
  const c2pa = wrappers.length > 0 ? c2paReport(input, wrappers) : undefined;
  const kept = c2pa && !options.all ? { kept: { c2pa } } : {};
  await writeOutput(options.json ? formatJson({ text, ...kept }) : text, options.out);
  if (c2pa) {
    writeNotice(options.all ? `removed a ${describeC2pa(c2pa)}` : `kept a ${describeC2pa(c2pa)}; --all removes it too`);
  }
}
