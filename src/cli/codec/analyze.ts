import { formatAnalyzeTable, formatJson } from './format.js';
import { readInputText, writeOutput } from './io.js';
import { backendFor } from './backend.js';
import type { RemoteOptions } from './on-server.js';

export interface AnalyzeCommandOptions extends RemoteOptions {
  original?: string;
  json?: boolean;
  out?: string;
}

export async function runAnalyze(file: string | undefined, options: AnalyzeCommandOptions): Promise<void> {
  const backend = await backendFor(options);
  const encoded = await readInputText(file);
  const original = options.original === undefined ? undefined : await readInputText(options.original);
  const result = await backend.run('analyze', { encoded, original });
  await writeOutput(
    options.json ? formatJson(result) : formatAnalyzeTable(result, { originalGiven: original !== undefined }),
    options.out,
  );
}
