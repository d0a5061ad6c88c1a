/**
 * The codec functions the checker runs, from the project's own src/codec: the same code as the CLI and the
 * server, bundled for the browser (node:crypto replaced by scripts/build-web.mjs; keyed operations go to the API).
 */
export { decode, RAW_RUN_BYTES_SHOWN } from '../../codec/decode.js';
export { encode } from '../../codec/encode.js';
export { strip } from '../../codec/strip.js';
export { analyze } from '../../codec/analyze.js';
export { encodeRobust, decodeRobust } from '../../codec/robust/index.js';
export { isCodecError } from '../../codec/errors.js';
export { METHODS, OUTPUT_MODES, DISTRIBUTIONS, STEALTH_LEVELS } from '../../codec/types.js';
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
} from '../../codec/types.js';
