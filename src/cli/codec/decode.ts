import { decode } from '../../codec/decode.js';
import { formatJson, formatSecretLine } from './format.js';
import { readInputText, writeOutput } from './io.js';
import { resolveKey, type KeySourceOptions } from './key.js';

export interface DecodeCommandOptions extends KeySourceOptions {
  all?: boolean;
  json?: boolean;
  out?: string;
}

export async function runDecode(file: string | undefined, options: DecodeCommandOptions): Promise<void> {
  const key = await resolveKey(options);
  const result = decode(await readInputText(file), { key });
  const secrets = options.all ? result.watermarks.map((found) => found.decoded) : [result.decoded];
  await writeOutput(options.json ? formatJson(result) : secrets.map(formatSecretLine).join(''), options.out);
}
