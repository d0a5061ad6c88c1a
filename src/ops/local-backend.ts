import { analyze } from 'wm-watermark-codec/analyze';
import { decode } from 'wm-watermark-codec/decode';
import { encode } from 'wm-watermark-codec/encode';
import { revealResult } from 'wm-watermark-codec/reveal';
import { decodeRobust, encodeRobust } from 'wm-watermark-codec/robust';
import { CodecError } from 'wm-watermark-codec/errors';
import type { SigningKey, VerifyingKey } from 'wm-watermark-codec/signing';
import { stripResult } from 'wm-watermark-codec/strip';
import { backendOf, type OperationBackend, type OperationHandlers } from './backend.js';

/** strip and reveal need no key and no account: the local and remote backends run them here. */
export const keylessHandlers = {
  strip: ({ text }: { text: string }) => stripResult(text),
  reveal: ({ text }: { text: string }) => revealResult(text),
};

export interface LocalKeys {
  /** 32 bytes: encode and decode are keyed (AES-256-GCM) */
  key?: Uint8Array;
  /** encode signs its marks */
  signingKey?: SigningKey;
  /** decode verifies signed marks with these public keys */
  keys?: readonly VerifyingKey[];
}

/** The codec in this process, keyed, signing and verifying with `keys`. Failures are CodecErrors. */
export function createLocalBackend({ key, signingKey, keys }: LocalKeys = {}): OperationBackend {
  const signing = (bindText: boolean | undefined) => {
    if (bindText && !signingKey) {
      throw new CodecError('INVALID_INPUT', 'bind_text binds the text to a signature: it needs a signing key');
    }
    return { signingKey, bindText: bindText ?? false };
  };
  const handlers: OperationHandlers = {
    encode: ({ text, secret, bind_text, ...options }) =>
      encode(text, secret, { ...options, key, ...signing(bind_text) }),
    decode: ({ text, raw_runs, accept_unkeyed }) =>
      decode(text, { key, keys, rawRuns: raw_runs, acceptUnkeyed: accept_unkeyed }),
    encode_robust: ({ text, secret, distribution, stealth_level, mark_word_ends, line_ends_only, bind_text }) =>
      encodeRobust(text, secret, {
        distribution,
        stealthLevel: stealth_level,
        markWordEnds: mark_word_ends,
        lineEndsOnly: line_ends_only,
        key,
        ...signing(bind_text),
      }),
    decode_robust: ({ text, accept_unkeyed }) => decodeRobust(text, { key, keys, acceptUnkeyed: accept_unkeyed }),
    analyze: ({ encoded, original }) => analyze(encoded, original),
    ...keylessHandlers,
  };
  return backendOf('local', handlers);
}
