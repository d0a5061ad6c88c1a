/**
 * The codec functions the checker runs, from the project's own codec package: the same code as the CLI and the
 * server, bundled for the browser (node:crypto swapped by the package's browser field, which verifies signatures
 * too; keyed operations go to the API).
 */
export { decode, RAW_RUN_BYTES_SHOWN } from 'wm-watermark-codec/decode';
export { encode } from 'wm-watermark-codec/encode';
export { strip } from 'wm-watermark-codec/strip';
export { analyze } from 'wm-watermark-codec/analyze';
export { encodeRobust, decodeRobust } from 'wm-watermark-codec/robust';
export { isCodecError } from 'wm-watermark-codec/errors';
export { verify, type VerifiedMark, type VerifyResult } from 'wm-watermark-codec/verify';
export { METHODS, OUTPUT_MODES, DISTRIBUTIONS, STEALTH_LEVELS } from 'wm-watermark-codec/types';
export type {
  Method,
  OutputMode,
  Distribution,
  StealthLevel,
  DecodeResult,
  DecodeRobustResult,
  DecodedWatermark,
  RawRun,
  RobustWatermark,
} from 'wm-watermark-codec/types';
