import { describeC2pa } from 'wm-watermark-codec/c2pa-report';
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

export interface DecodeCommandOptions extends KeySourceOptions, VerifyingKeyOptions, RemoteOptions {
  all?: boolean;
  json?: boolean;
  out?: string;
}

export async function runDecode(file: string | undefined, options: DecodeCommandOptions): Promise<void> {
  const backend = await backendFor(options);
  const text = await readInputText(file);
  const input = await operationInputOf('decode', options);
  let result: OperationResults['decode'];
  try {
    result = await backend.run('decode', { text, ...input });
  } catch (error) {
    throw await decodeFailure(error, options.json, options.out);
  }
  writeWarnings(result.warnings);
  if (options.json) return writeOutput(formatJson(result), options.out);
  const found = options.all ? (result.watermarks ?? [result]) : [result];
  const lines = found.map((mark) => formatSecretLine(mark.decoded)).join('');
  // a secret sent to a terminal must not drive it (escape sequences, bidi overrides); a file gets it exactly
  await writeOutput(options.out ? lines : forStream({ isTTY: stdoutIsTerminal() }, lines), options.out);
  for (const mark of found) signatureNote(mark.signature);
  if (result.c2pa) writeNotice(`the text also carries a ${describeC2pa(result.c2pa)}`);
}
