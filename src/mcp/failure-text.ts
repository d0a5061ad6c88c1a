import { isCodecError } from 'wm-watermark-codec/errors';
import type { OperationBackend } from '../ops/backend.js';
import { codecFailureMessage, isOperationFailure } from '../ops/failure.js';
import { wireNameOf } from '../ops/wire.js';

/** Turns a failed call into the message of an isError result, or undefined when the error is not one of ours. */
export type DescribeFailure = (error: unknown, fields: readonly string[]) => string | undefined;

/**
 * The local codec's and a remote server's failures, worded for the person reading the assistant's answer; an option
 * the codec names is named as the tool's argument (`fields`: the operation's input fields).
 */
export function describeFailureOf(backend: OperationBackend): DescribeFailure {
  return (error, fields) => {
    if (isOperationFailure(error)) return error.message;
    if (!isCodecError(error)) return undefined;
    if (error.code === 'KEY_REQUIRED' && backend.kind === 'local') {
      return `${error.message}: start wm mcp with --key-file FILE, or --channel NAME --user EMAIL`;
    }
    if (error.code === 'UNKEYED') return `${error.message}; accept_unkeyed: true reads it anyway`;
    if (error.code === 'CORRUPTED' && error.rawRuns) {
      return `${error.message}; raw_runs: true reads such runs as text, with no integrity check`;
    }
    if (error.option) return error.message.replace(error.option, wireNameOf(error.option, fields));
    return codecFailureMessage(error);
  };
}
