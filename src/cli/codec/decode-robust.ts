import { describeC2pa } from '../../codec/c2pa-report.js';
import { noWatermark } from '../../codec/decode.js';
import { decodeRobust } from '../../codec/robust/index.js';
import { formatJson, formatSecretLine } from './format.js';
import { readInputText, writeNotice, writeOutput } from './io.js';
import { resolveKey, type KeySourceOptions } from './key.js';
import { serverRunnerFor, type RemoteOptions } from './on-server.js';

export interface DecodeRobustCommandOptions extends KeySourceOptions, RemoteOptions {
  json?: boolean;
  out?: string;
}

export async function runDecodeRobust(file: string | undefined, options: DecodeRobustCommandOptions): Promise<void> {
  const onServer = await serverRunnerFor(options);
  const key = onServer ? undefined : await resolveKey(options);
  const text = await readInputText(file);
  const result = onServer ? await onServer('decode_robust', { text }) : decodeRobust(text, { key });
  // --json still prints the object (is_encoded: false) so scripts see the whole answer; the exit code says 1
  if (options.json) await writeOutput(formatJson(result), options.out);
  if (!result.is_encoded) throw noWatermark(result.c2pa);
  if (options.json) return;
  await writeOutput(formatSecretLine(result.decoded), options.out);
  if (result.c2pa) writeNotice(`the text also carries a ${describeC2pa(result.c2pa)}`);
}
