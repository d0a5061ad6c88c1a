import type { Distribution, StealthLevel } from 'wm-watermark-codec/types';
import { backendFor } from './backend.js';
import { formatJson } from './format.js';
import { readInputText, writeOutput, writeWarnings } from './io.js';
import type { KeySourceOptions } from './key.js';
import type { RemoteOptions } from './on-server.js';
import { resolveSecret, type SecretSourceOptions } from './secret.js';
import type { SigningKeyOptions } from './signing-keys.js';

export interface EncodeRobustCommandOptions
  extends SecretSourceOptions, KeySourceOptions, SigningKeyOptions, RemoteOptions {
  distribution: Distribution;
  stealth: StealthLevel;
  seed?: number;
  markWordEnds?: boolean;
  lineEndsOnly?: boolean;
  json?: boolean;
  out?: string;
}

export async function runEncodeRobust(file: string | undefined, options: EncodeRobustCommandOptions): Promise<void> {
  let secret = '';
  const backend = await backendFor(options, async () => void (secret = await resolveSecret(options)));
  const text = await readInputText(file);
  const { distribution, stealth: stealthLevel, markWordEnds, lineEndsOnly, bindText } = options;
  const result = await backend.run('encode_robust', {
    text,
    secret,
    distribution,
    stealthLevel,
    markWordEnds,
    lineEndsOnly,
    bindText,
  });
  await writeOutput(options.json ? formatJson(result) : result.watermarked, options.out);
  writeWarnings(result.warnings);
}
