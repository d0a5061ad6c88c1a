import { describeC2pa } from 'wm-watermark-codec/c2pa-report';
import { noWatermark } from 'wm-watermark-codec/decode';
import type { OperationResults } from '../../ops/operations.js';
import { decodeFailure } from './decode-failure.js';
import { stdoutIsTerminal } from '../stdout.js';
import { forStream } from '../terminal-text.js';
import { formatJson, formatSecretLine } from './format.js';
import { readInputText, writeNotice, writeOutput, writeWarnings } from './io.js';
import type { KeySourceOptions } from './key.js';
import type { RemoteOptions } from './on-server.js';
import { backendFor } from './backend.js';
import { operationInputOf } from './operation-input.js';
import { signatureNote } from './signature-note.js';
import type { VerifyingKeyOptions } from './signing-keys.js';

export interface DecodeRobustCommandOptions extends KeySourceOptions, VerifyingKeyOptions, RemoteOptions {
  all?: boolean;
  json?: boolean;
  out?: string;
}

export async function runDecodeRobust(file: string | undefined, options: DecodeRobustCommandOptions): Promise<void> {
  const backend = await backendFor(options);
  const text = await readInputText(file);
  const input = await operationInputOf('decode_robust', options);
  let result: OperationResults['decode_robust'];
  try {
    result = await backend.run('decode_robust', { text, ...input });
  } catch (error) {
    throw await decodeFailure(error, options.json, options.out);
  }
  writeWarnings(result.warnings);
  // --json still prints the object (is_encoded: false) so scripts see the whole answer; the exit code says 1
  if (options.json) await writeOutput(formatJson(result), options.out);
  if (!result.is_encoded) throw noWatermark(result.c2pa);
  if (options.json) return;
  // a server that predates several watermarks answers without the list: its one watermark is the result itself
  const found = options.all ? (result.watermarks ?? [result]) : [result];
  const lines = found.map((mark) => formatSecretLine(mark.decoded)).join('');
  // a secret sent to a terminal must not drive it (escape sequences, bidi overrides); a file gets it exactly
  await writeOutput(options.out ? lines : forStream({ isTTY: stdoutIsTerminal() }, lines), options.out);
  for (const mark of found) signatureNote(mark.signature);
  if (result.c2pa) writeNotice(`the text also carries a ${describeC2pa(result.c2pa)}`);
}
