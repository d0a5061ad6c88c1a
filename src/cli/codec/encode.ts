import { encode } from '../../codec/index.js';
import type { Method, OutputMode } from '../../codec/types.js';
import { formatJson } from './format.js';
import { readInputText, writeOutput } from './io.js';
import { resolveKey, type KeySourceOptions } from './key.js';
import { resolveSecret, type SecretSourceOptions } from './secret.js';

export interface EncodeCommandOptions extends SecretSourceOptions, KeySourceOptions {
  method: Method;
  chunkSize?: number;
  firstLetterOnly?: boolean;
  pattern?: string;
  output: OutputMode;
  json?: boolean;
  out?: string;
}

export async function runEncode(file: string | undefined, options: EncodeCommandOptions): Promise<void> {
  const secret = await resolveSecret(options);
  const key = await resolveKey(options);
  const text = await readInputText(file);
  const result = encode(text, secret, {
    method: options.method,
    chunkSize: options.chunkSize,
    firstLetterOnly: options.firstLetterOnly,
    pattern: options.pattern,
    output: options.output,
    key,
  });
  await writeOutput(options.json ? formatJson(result) : result.encoded, options.out);
}
