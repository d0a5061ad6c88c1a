import { analyze } from 'wm-watermark-codec/analyze';
import { formatAnalyzeTable, formatJson } from './format.js';
import { readInputText, writeOutput } from './io.js';
import { serverRunnerFor, type RemoteOptions } from './on-server.js';

export interface AnalyzeCommandOptions extends RemoteOptions {
  original?: string;
  json?: boolean;
  out?: string;
}

export async function runAnalyze(file: string | undefined, options: AnalyzeCommandOptions): Promise<void> {
  const onServer = await serverRunnerFor(options);
  const encoded = await readInputText(file);
  const original = options.original === undefined ? undefined : await readInputText(options.original);
  const result = onServer ? await onServer('analyze', { encoded, original }) : analyze(encoded, original);
  await writeOutput(
    options.json ? formatJson(result) : formatAnalyzeTable(result, { originalGiven: original !== undefined }),
    options.out,
  );
}
