import { analyze } from 'wm-watermark-codec/analyze';
import { decode } from 'wm-watermark-codec/decode';
import { encode } from 'wm-watermark-codec/encode';
import { revealResult } from 'wm-watermark-codec/reveal';
import { decodeRobust, encodeRobust } from 'wm-watermark-codec/robust';
import type { SigningKey, VerifyingKey } from 'wm-watermark-codec/signing';
import { stripResult } from 'wm-watermark-codec/strip';
import type { AccountHandlers } from './account-handlers.js';
import { backendOf, type OperationBackend, type OperationHandlers } from './backend.js';
import { OperationFailure } from './failure.js';
import { ACCOUNT_OPERATION_NAMES } from './operation-names.js';

/** strip and reveal need no key and no account: the local and remote backends run them here. */
export const keylessHandlers = {
  strip: ({ text }: { text: string }) => stripResult(text),
  reveal: ({ text }: { text: string }) => revealResult(text),
};

/** Where no account is known (the codec alone), each account operation is refused, saying what it needs. */
const withoutAccount = Object.fromEntries(
  ACCOUNT_OPERATION_NAMES.map((name) => [
    name,
    () => {
      throw new OperationFailure(
        'invalid-input',
        `${name} needs an account: run it on a wm server, or offline for one account of the data folder`,
      );
    },
  ]),
) as unknown as AccountHandlers;

export interface LocalKeys {
  /** 32 bytes: encode and decode are keyed (AES-256-GCM) */
  key?: Uint8Array;
  /** encode signs its marks */
  signingKey?: SigningKey;
  /** decode verifies signed marks with these public keys */
  keys?: readonly VerifyingKey[];
  /** the random distribution of encode_robust draws from this seed (offline only: a server draws its own) */
  seed?: number;
}

/**
 * The codec in this process, keyed, signing and verifying with `keys`. Failures are CodecErrors; the codec checks
 * every option and rule between options (bindText needs a signing key, …). The operations that need an account run
 * on `account` (offline: a named account of the data folder's domain), and are refused without one.
 */
export function createLocalBackend(
  { key, signingKey, keys, seed }: LocalKeys = {},
  account?: AccountHandlers,
): OperationBackend {
  const handlers: OperationHandlers = {
    encode: ({ text, secret, ...options }) => encode(text, secret, { ...options, key, signingKey }),
    decode: ({ text, ...options }) => decode(text, { ...options, key, keys }),
    encode_robust: ({ text, secret, ...options }) => encodeRobust(text, secret, { ...options, seed, key, signingKey }),
    decode_robust: ({ text, ...options }) => decodeRobust(text, { ...options, key, keys }),
    analyze: ({ encoded, original }) => analyze(encoded, original),
    ...keylessHandlers,
    ...(account ?? withoutAccount),
  };
  return backendOf('local', handlers, account !== undefined);
}
