import { encode, encodeInsertions } from '../../codec/encode.js';
import type { Method, OutputMode } from '../../codec/types.js';
import { formatJson } from './format.js';
import { decodeUtf8Text, describeSource, readInputBytes, readInputText, writeOutput } from './io.js';
import { resolveKey, type KeySourceOptions } from './key.js';
import { markedPieces } from './marked-bytes.js';
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
  const codecOptions = { method: options.method, chunkSize: options.chunkSize, firstLetterOnly: options.firstLetterOnly, pattern: options.pattern, key };
  if (options.json || options.output === 'tokens') {
    const result = encode(await readInputText(file), secret, { ...codecOptions, output: options.output });
    return writeOutput(options.json ? formatJson(result) : result.encoded, options.out);
  }
  // The marks are a few runs inserted into the text: writing the input's own bytes around them, not an encoded copy
  // of the whole text (two bytes per character once it holds a selector), keeps peak memory near twice the input.
  const bytes = await readInputBytes(file);
  const text = decodeUtf8Text(bytes, describeSource(file));
  await writeOutput(markedPieces(bytes, text, encodeInsertions(text, secret, codecOptions).insertions), options.out);
}
