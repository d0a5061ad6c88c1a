import { CodecError, isCodecError, type CodecErrorCode } from 'wm-watermark-codec/errors';
import type { JobInput, JobName } from '../../domain/work/jobs.js';
import type { SentTexts } from './sent-text.js';

/** What the main thread sends a worker: one job and its input (its long texts as bytes: ./sent-text.ts). */
export interface JobTask<N extends JobName = JobName> {
  job: N;
  input: JobInput<N>;
  texts?: SentTexts;
}

/**
 * A job's answer as it crosses back: its result, or its failure as plain data. A thrown error would arrive as a bare
 * Error (structured clone keeps its message, not its class or fields), and a CodecError's code, option and reports
 * decide the answer a client gets. `written`: fields of the result sent as their JSON (./written-json.ts).
 */
export type JobOutcome = (
  { ok: true; value: unknown; written?: Record<string, Uint8Array> } | { ok: false; failure: SentFailure }
) & {
  /** the buffers the input's texts came in, given back to be written again (./sent-text.ts) */
  read?: ArrayBuffer[];
};

type SentFailure =
  | {
      kind: 'codec';
      code: CodecErrorCode;
      message: string;
      requiredLength?: number;
      option?: string;
      c2pa?: CodecError['c2pa'];
      rawRuns?: CodecError['rawRuns'];
    }
  | { kind: 'error'; name: string; message: string; stack?: string };

/** In the worker: the failure of a job, as data. */
export function sentFailure(error: unknown): SentFailure {
  if (isCodecError(error)) {
    const { code, message, requiredLength, option, c2pa, rawRuns } = error;
    return { kind: 'codec', code, message, requiredLength, option, c2pa, rawRuns };
  }
  const failure = error instanceof Error ? error : new Error(String(error));
  return { kind: 'error', name: failure.name, message: failure.message, stack: failure.stack };
}

/** In the main thread: the error the job threw, made again (a CodecError is one, as if the job had run here). */
export function receivedFailure(sent: SentFailure): Error {
  if (sent.kind === 'codec') {
    const error = new CodecError(sent.code, sent.message, sent.requiredLength);
    if (sent.option !== undefined) error.option = sent.option;
    if (sent.c2pa !== undefined) error.c2pa = sent.c2pa;
    if (sent.rawRuns !== undefined) error.rawRuns = sent.rawRuns;
    return error;
  }
  const error = new Error(`${sent.message} (in a worker thread)`);
  error.name = sent.name;
  if (sent.stack) error.stack = sent.stack;
  return error;
}
