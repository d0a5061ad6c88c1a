import { decode } from '../../codec/decode.js';
import { formatJson, formatSecretLine } from './format.js';
import { readInputText, writeOutput } from './io.js';
import { resolveKey, type KeySourceOptions } from './key.js';
import { serverRunnerFor, type RemoteOptions } from './on-server.js';

export interface DecodeCommandOptions extends KeySourceOptions, RemoteOptions {
  all?: boolean;
  json?: boolean;
  out?: string;
}

export async function runDecode(file: string | undefined, options: DecodeCommandOptions): Promise<void> {
  const onServer = await serverRunnerFor(options);
  const key = onServer ? undefined : await resolveKey(options);
  const text = await readInputText(file);
  const result = onServer ? await onServer('decode', { text }) : decode(text, { key });
  const secrets = options.all ? (result.watermarks ?? [result]).map((found) => found.decoded) : [result.decoded];
  await writeOutput(options.json ? formatJson(result) : secrets.map(formatSecretLine).join(''), options.out);
}
