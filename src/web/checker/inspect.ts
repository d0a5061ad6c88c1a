import { decode, decodeRobust, isCodecError, type DecodeResult, type DecodeRobustResult } from './codec.js';

/** What one decoder made of the text: its result, or why there is none (a CodecError code and message). */
export type Outcome<T> = { ok: true; result: T } | { ok: false; code: string; message: string };

function attempt<T>(run: () => T): Outcome<T> {
  try {
    return { ok: true, result: run() };
  } catch (error) {
    if (isCodecError(error)) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

export interface Inspection {
  vs: Outcome<DecodeResult>;
  robust: Outcome<DecodeRobustResult>;
}

/** Both decoders over the text, without a key (keyed watermarks are reported as such, and read through the API). */
export function inspect(text: string): Inspection {
  return { vs: attempt(() => decode(text)), robust: attempt(() => decodeRobust(text)) };
}
