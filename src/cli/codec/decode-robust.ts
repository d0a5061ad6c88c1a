import { CodecError } from '../../codec/errors.js';
import { decodeRobust } from '../../codec/robust/index.js';
import { formatJson, formatSecretLine } from './format.js';
import { readInputText, writeOutput } from './io.js';
import { resolveKey, type KeySourceOptions } from './key.js';

export interface DecodeRobustCommandOptions extends KeySourceOptions {
  json?: boolean;
  out?: string;
}

export async function runDecodeRobust(file: string | undefined, options: DecodeRobustCommandOptions): Promise<void> {
  const key = await resolveKey(options);
  const result = decodeRobust(await readInputText(file), { key });
  // --json still prints the object (is_encoded: false) so scripts see the whole answer; the exit code says 1
  if (options.json) await writeOutput(formatJson(result), options.out);
  if (!result.is_encoded) throw new CodecError('NO_WATERMARK', 'No watermark found in text');
  if (!options.json) await writeOutput(formatSecretLine(result.decoded), options.out);
}
