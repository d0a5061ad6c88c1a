import { isCodecError, type CodecError } from 'wm-watermark-codec/errors';
import { isOperationFailure, type OperationFailure } from '../../ops/failure.js';
import { CliError, describeFailure } from '../errors.js';
import { formatJson } from './format.js';
import { writeOutput } from './io.js';

/**
 * A failed decode as the decode commands report it: with --json, the object scripts need beside the exit code (the
 * C2PA manifest and the unframed runs the text carries, as the HTTP 422 has them); and the option that would read
 * what was refused, added to the message.
 */
export async function decodeFailure(
  error: unknown,
  json: boolean | undefined,
  out: string | undefined,
): Promise<unknown> {
  const known = isCodecError(error) || isOperationFailure(error) ? error : undefined;
  if (!known) return error;
  if (json && (known.c2pa || known.rawRuns)) {
    const code = codeOf(known);
    const beside = {
      ...(known.c2pa ? { c2pa: known.c2pa } : {}),
      ...(known.rawRuns ? { raw_runs: known.rawRuns } : {}),
    };
    await writeOutput(formatJson({ error: code, message: known.message, ...beside }), out);
  }
  const hint = hintFor(codeOf(known), known.rawRuns !== undefined);
  if (!hint) return error;
  const { exitCode, message } = describeFailure(error);
  return new CliError(exitCode, `${message}${hint}`);
}

/** The codec's error code; a server that does not name it is told apart by the kind of its answer. */
function codeOf(failure: CodecError | OperationFailure): string {
  if (isCodecError(failure)) return failure.code;
  return failure.code ?? (failure.kind === 'no-watermark' ? 'NO_WATERMARK' : 'UNREADABLE');
}

function hintFor(code: string, rawRuns: boolean): string {
  if (code === 'UNKEYED') return '; --accept-unkeyed reads it anyway';
  if (rawRuns && code !== 'KEY_MISMATCH' && code !== 'KEY_REQUIRED') {
    return '; --raw-runs reads such runs as text, with no integrity check';
  }
  return '';
}
