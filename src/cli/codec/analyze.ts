import { analyze } from '../../codec/analyze.js';
import { formatAnalyzeTable, formatJson } from './format.js';
import { readInputText, writeOutput } from './io.js';

export interface AnalyzeCommandOptions {
  original?: string;
  json?: boolean;
  out?: string;
}

export async function runAnalyze(file: string | undefined, options: AnalyzeCommandOptions): Promise<void> {
  const encoded = await readInputText(file);
  const original = options.original === undefined ? undefined : await readInputText(options.original);
  const result = analyze(encoded, original);
  await writeOutput(options.json ? formatJson(result) : formatAnalyzeTable(result), options.out);
}
