import { formatAnalyzeTable, formatJson } from './format.js';
import { readInputText, writeOutput } from './io.js';
import { backendFor } from './backend.js';
import type { RemoteOptions } from './on-server.js';
import { operationInputOf } from './operation-input.js';

export interface AnalyzeCommandOptions extends RemoteOptions {
  json?: boolean;
  out?: string;
}

export async function runAnalyze(file: string | undefined, options: AnalyzeCommandOptions): Promise<void> {
  const backend = await backendFor(options);
  const encoded = await readInputText(file);
  const input = await operationInputOf('analyze', options);
  const result = await backend.run('analyze', { encoded, ...input });
  await writeOutput(
    options.json ? formatJson(result) : formatAnalyzeTable(result, { originalGiven: input.original !== undefined }),
    options.out,
  );
}
