import { encodeInsertions } from 'wm-watermark-codec/encode';
import { backendFor } from './backend.js';
import { formatJson } from './format.js';
import { decodeUtf8Text, describeSource, readInputBytes, readInputText, writeOutput, writeWarnings } from './io.js';
import type { KeySourceOptions } from './key.js';
import { markedPieces } from './marked-bytes.js';
import type { RemoteOptions } from './on-server.js';
import { operationInputOf } from './operation-input.js';
import { resolveSecret, type SecretSourceOptions } from './secret.js';
import type { SigningKeyOptions } from './signing-keys.js';

/** The command line's own options; the operation's (--method, --chunk-size, …) are read by operationInputOf. */
export interface EncodeCommandOptions extends SecretSourceOptions, KeySourceOptions, SigningKeyOptions, RemoteOptions {
  json?: boolean;
  out?: string;
}

export async function runEncode(file: string | undefined, options: EncodeCommandOptions): Promise<void> {
  let secret = '';
  const backend = await backendFor(options, async () => void (secret = await resolveSecret(options)));
  const input = { secret, ...(await operationInputOf('encode', options)) };
  if (!backend.keys || options.json || input.output === 'tokens') {
    const result = await backend.run('encode', { text: await readInputText(file), ...input });
    await writeOutput(options.json ? formatJson(result) : result.encoded, options.out);
    return writeWarnings(result.warnings);
  }
  // Offline, the marks are a few runs inserted into the text: writing the input's own bytes around them, not an
  // encoded copy of the whole text (two bytes per character once it holds a selector), keeps peak memory near
  // twice the input.
  const bytes = await readInputBytes(file);
  const text = decodeUtf8Text(bytes, describeSource(file));
  const { insertions, warnings } = encodeInsertions(text, secret, { ...input, ...backend.keys });
  await writeOutput(markedPieces(bytes, text, insertions), options.out);
  writeWarnings(warnings);
}
