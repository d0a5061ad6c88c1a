import type { C2paReport } from './c2pa-report.js';
import type { RawRun } from './raw-run.js';

export type CodecErrorCode =
  | 'INVALID_INPUT'
  | 'CARRIER_TOO_SHORT'
  | 'PATTERN_NOT_FOUND'
  | 'NO_WATERMARK'
  | 'CORRUPTED'
  | 'KEY_REQUIRED'
  | 'KEY_MISMATCH'
  /** a key was given, but the only watermarks found are not keyed (docs/FORMAT.md, "A key means keyed") */
  | 'UNKEYED';

/**
 * Every failure the codec can report. `requiredLength` is set for CARRIER_TOO_SHORT; `c2pa` when a decode failed on
 * a text that carries a C2PA text manifest; `rawRuns` when it failed on a text with unframed selector runs.
 */
export class CodecError extends Error {
  override readonly name = 'CodecError';
  c2pa?: C2paReport;
  rawRuns?: RawRun[];
  /** the option at fault (its codec name, e.g. bindText), for a face to name it as its callers spell it */
  option?: string;

  constructor(
    readonly code: CodecErrorCode,
    message: string,
    readonly requiredLength?: number,
  ) {
    super(message);
  }
}

export const isCodecError = (value: unknown): value is CodecError => value instanceof CodecError;
