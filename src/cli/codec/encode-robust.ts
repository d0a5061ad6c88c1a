import { encodeRobust } from 'wm-watermark-codec/robust';
import type { Distribution, StealthLevel } from 'wm-watermark-codec/types';
import { formatJson } from './format.js';
import { readInputText, writeOutput, writeWarnings } from './io.js';
import { resolveKey, type KeySourceOptions } from './key.js';
import { serverRunnerFor, type RemoteOptions } from './on-server.js';
import { resolveSecret, type SecretSourceOptions } from './secret.js';
import { resolveSigning, type SigningKeyOptions } from './signing-keys.js';

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
  const onServer = await serverRunnerFor(options);
  const secret = await resolveSecret(options);
  const key = onServer ? undefined : await resolveKey(options);
  const signing = onServer ? {} : await resolveSigning(options);
  const text = await readInputText(file);
  const { distribution, stealth: stealthLevel, markWordEnds, lineEndsOnly } = options;
  const result = onServer
    ? await onServer('encode_robust', {
        text,
        secret,
        distribution,
        stealth_level: stealthLevel,
        mark_word_ends: markWordEnds,
        line_ends_only: lineEndsOnly,
        bind_text: options.bindText,
      })
    : encodeRobust(text, secret, {
        distribution,
        stealthLevel,
        markWordEnds,
        lineEndsOnly,
        seed: options.seed,
        key,
        ...signing,
      });
  await writeOutput(options.json ? formatJson(result) : result.watermarked, options.out);
  writeWarnings(result.warnings);
}
