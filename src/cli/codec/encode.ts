import { encode, encodeInsertions } from 'wm-watermark-codec/encode';
import type { Method, OutputMode } from 'wm-watermark-codec/types';
import { formatJson } from './format.js';
import { decodeUtf8Text, describeSource, readInputBytes, readInputText, writeOutput, writeWarnings } from './io.js';
import { resolveKey, type KeySourceOptions } from './key.js';
import { markedPieces } from './marked-bytes.js';
import { serverRunnerFor, type RemoteOptions } from './on-server.js';
import { resolveSecret, type SecretSourceOptions } from './secret.js';
import { resolveSigning, type SigningKeyOptions } from './signing-keys.js';

export interface EncodeCommandOptions extends SecretSourceOptions, KeySourceOptions, SigningKeyOptions, RemoteOptions {
  method: Method;
  chunkSize?: number;
  firstLetterOnly?: boolean;
  markWordEnds?: boolean;
  lineEndsOnly?: boolean;
  pattern?: string;
  output: OutputMode;
  json?: boolean;
  out?: string;
}

export async function runEncode(file: string | undefined, options: EncodeCommandOptions): Promise<void> {
  const onServer = await serverRunnerFor(options);
  const secret = await resolveSecret(options);
  const { method, chunkSize, firstLetterOnly, markWordEnds, lineEndsOnly, pattern } = options;
  const methodOptions = { method, chunkSize, firstLetterOnly, markWordEnds, lineEndsOnly, pattern };
  if (onServer) {
    const text = await readInputText(file);
    const result = await onServer('encode', {
      text,
      secret,
      ...methodOptions,
      output: options.output,
      bind_text: options.bindText,
    });
    await writeOutput(options.json ? formatJson(result) : result.encoded, options.out);
    return writeWarnings(result.warnings);
  }
  const codecOptions = { ...methodOptions, key: await resolveKey(options), ...(await resolveSigning(options)) };
  if (options.json || options.output === 'tokens') {
    const result = encode(await readInputText(file), secret, { ...codecOptions, output: options.output });
    await writeOutput(options.json ? formatJson(result) : result.encoded, options.out);
    return writeWarnings(result.warnings);
  }
  // The marks are a few runs inserted into the text: writing the input's own bytes around them, not an encoded copy
  // of the whole text (two bytes per character once it holds a selector), keeps peak memory near twice the input.
  const bytes = await readInputBytes(file);
  const text = decodeUtf8Text(bytes, describeSource(file));
  const { insertions, warnings } = encodeInsertions(text, secret, codecOptions);
  await writeOutput(markedPieces(bytes, text, insertions), options.out);
  writeWarnings(warnings);
}
