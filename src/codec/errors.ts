export type CodecErrorCode =
  | 'INVALID_INPUT'
  | 'CARRIER_TOO_SHORT'
  | 'PATTERN_NOT_FOUND'
  | 'NO_WATERMARK'
  | 'CORRUPTED'
  | 'KEY_REQUIRED'
  | 'KEY_MISMATCH';

/** Every failure the codec can report. `requiredLength` is set for CARRIER_TOO_SHORT. */
export class CodecError extends Error {
  override readonly name = 'CodecError';

  constructor(
    readonly code: CodecErrorCode,
    message: string,
    readonly requiredLength?: number,
  ) {
    super(message);
  }
}

export const isCodecError = (value: unknown): value is CodecError => value instanceof CodecError;
