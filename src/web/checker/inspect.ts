import type { VerifyingKey } from 'wm-watermark-codec/signing';
import {
  decode,
  decodeRobust,
  isCodecError,
  verify,
  type DecodeResult,
  type DecodeRobustResult,
  type RawRun,
  type VerifyResult,
} from './codec.js';

/**
 * What one decoder made of the text: its result, or why there is none (a CodecError code and message, and the
 * unframed selector runs it found).
 */
export type Outcome<T> = { ok: true; result: T } | { ok: false; code: string; message: string; rawRuns?: RawRun[] };

function attempt<T>(run: () => T): Outcome<T> {
  try {
    return { ok: true, result: run() };
  } catch (error) {
    if (isCodecError(error)) return { ok: false, code: error.code, message: error.message, rawRuns: error.rawRuns };
    throw error;
  }
}

export interface Inspection {
  /** every watermark, framed and robust (decode), the verdict the page shows */
  vs: Outcome<DecodeResult>;
  /** the robust decoder's view: how many copies of each robust watermark agree */
  robust: Outcome<DecodeRobustResult>;
  /** every mark's signature checked with the given public keys (encrypted marks too: no AES key is needed) */
  signatures: Outcome<VerifyResult>;
}

/**
 * Both decoders over the text, without a key (keyed watermarks are reported as such, and read through the API), and
 * the codec's verify with the public keys the page knows.
 */
export function inspect(text: string, keys: readonly VerifyingKey[] = []): Inspection {
  return {
    vs: attempt(() => decode(text)),
    robust: attempt(() => decodeRobust(text)),
    signatures: attempt(() => verify(text, { keys: [...keys] })),
  };
}
