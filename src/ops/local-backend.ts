import { analyze } from '../codec/analyze.js';
import { decode } from '../codec/decode.js';
import { encode } from '../codec/encode.js';
import { reveal, revealText } from '../codec/reveal.js';
import { decodeRobust, encodeRobust } from '../codec/robust/index.js';
import { stripResult } from '../codec/strip.js';
import { backendOf, type OperationBackend, type OperationHandlers } from './backend.js';

/** strip and reveal need no key and no account: every backend runs them here. */
export const keylessHandlers = {
  strip: ({ text }: { text: string }) => stripResult(text),
  reveal: ({ text }: { text: string }) => ({ segments: reveal(text), text: revealText(text) }),
};

/** The codec in this process; `key` (32 bytes) makes encode and decode keyed. Failures are CodecErrors. */
export function createLocalBackend(key?: Uint8Array): OperationBackend {
  const handlers: OperationHandlers = {
    encode: ({ text, secret, ...options }) => encode(text, secret, { ...options, key }),
    decode: ({ text }) => decode(text, { key }),
    encode_robust: ({ text, secret, distribution, stealth_level, mark_word_ends }) =>
      encodeRobust(text, secret, { distribution, stealthLevel: stealth_level, markWordEnds: mark_word_ends, key }),
    decode_robust: ({ text }) => decodeRobust(text, { key }),
    analyze: ({ encoded, original }) => analyze(encoded, original),
    ...keylessHandlers,
  };
  return backendOf('local', handlers);
}
