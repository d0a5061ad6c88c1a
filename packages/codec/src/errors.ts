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

/**
 * Recognises a CodecError made by any copy of this package (two installed versions, or a program bundled in
 * parts), which `instanceof` does not: a mark on the class's prototype under a registry symbol every copy shares.
 * wm's own errors carry the same mark (src/error-kind.ts in wm-watermark).
 */
const ERROR_KIND = Symbol.for('wm.error-kind');
Object.defineProperty(CodecError.prototype, ERROR_KIND, { value: 'CodecError' });
export const isCodecError = (value: unknown): value is CodecError =>
  typeof value === 'object' && value !== null && (value as { [ERROR_KIND]?: unknown })[ERROR_KIND] === 'CodecError';
