import { backendFor } from './backend.js';
import { formatJson } from './format.js';
import { readInputText, writeOutput, writeWarnings } from './io.js';
import type { KeySourceOptions } from './key.js';
import type { RemoteOptions } from './on-server.js';
import { operationInputOf } from './operation-input.js';
import { resolveSecret, type SecretSourceOptions } from './secret.js';
import type { SigningKeyOptions } from './signing-keys.js';

/** The command line's own options; the operation's (--distribution, --stealth, …) are read by operationInputOf. */
export interface EncodeRobustCommandOptions
  extends SecretSourceOptions, KeySourceOptions, SigningKeyOptions, RemoteOptions {
  seed?: number;
  json?: boolean;
  out?: string;
}

export async function runEncodeRobust(file: string | undefined, options: EncodeRobustCommandOptions): Promise<void> {
  let secret = '';
  const backend = await backendFor(options, async () => void (secret = await resolveSecret(options)));
  const text = await readInputText(file);
  const result = await backend.run('encode_robust', {
    text,
    secret,
    ...(await operationInputOf('encode_robust', options)),
  });
  await writeOutput(options.json ? formatJson(result) : result.watermarked, options.out);
  writeWarnings(result.warnings);
}
