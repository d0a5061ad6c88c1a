import { findC2paWrappers, withoutC2paWrappers } from 'wm-watermark-codec/c2pa';
import { c2paReport, describeC2pa } from 'wm-watermark-codec/c2pa-report';
import { stripResult } from 'wm-watermark-codec/strip';
import { CliError, EXIT } from '../errors.js';
import { formatJson } from './format.js';
import { readInputText, writeNotice, writeOutput } from './io.js';

export interface StripCommandOptions {
  all?: boolean;
  /** remove the C2PA manifests only */
  c2pa?: boolean;
  json?: boolean;
  out?: string;
}

export async function runStrip(file: string | undefined, options: StripCommandOptions): Promise<void> {
  if (options.c2pa && options.all) {
    throw new CliError(EXIT.USAGE, '--c2pa removes the C2PA manifests only, --all every hidden mark: give one');
  }
  const input = await readInputText(file);
  if (options.c2pa) return stripC2pa(input, options);
  const result = stripResult(input, { all: options.all });
  await writeOutput(options.json ? formatJson(result) : result.text, options.out);
  if (result.kept) writeNotice(`kept a ${describeC2pa(result.kept.c2pa)}; --all removes it too`);
  const removed = options.all ? findC2paWrappers(input) : [];
  if (removed.length > 0) writeNotice(`removed a ${describeC2pa(c2paReport(input, removed))}`);
}

/** --c2pa: the manifests go, every other character stays (watermarks included). */
async function stripC2pa(input: string, options: StripCommandOptions): Promise<void> {
  const text = withoutC2paWrappers(input);
  await writeOutput(options.json ? formatJson({ text }) : text, options.out);
  const removed = findC2paWrappers(input);
  if (removed.length > 0) writeNotice(`removed a ${describeC2pa(c2paReport(input, removed))}`);
}
