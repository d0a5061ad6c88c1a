import type { SigningKey, VerifyingKey } from 'wm-watermark-codec/signing';
import type { AccountHandlers } from './account-handlers.js';
import { backendOf, type OperationBackend, type OperationHandlers } from './backend.js';
import { OperationFailure } from './failure.js';
import type { OperationName } from './operations.js';
import { ACCOUNT_OPERATION_NAMES } from '../domain/operation-rules.js';

/**
 * c2pa_sign signs with a channel's certificate, which only a server holds; offline, `wm c2pa sign` signs with the
 * key and certificate files it is given. An offline `wm mcp` does not offer it (a tool that always refuses is no
 * tool); the handler answers anything else that calls it here.
 */
export const SERVER_ONLY_OPERATIONS: readonly OperationName[] = ['c2pa_sign'];

const c2paSignOffline = (): never => {
  throw new OperationFailure(
    'invalid-input',
    "c2pa_sign signs with a channel's C2PA certificate on a wm server; offline, sign with " +
      'wm c2pa sign --key FILE --cert FILE',
  );
};

/** strip and reveal need no key and no account: the local and remote backends run them here. */
export const keylessHandlers = {
  strip: async ({ text }: { text: string }) => (await import('wm-watermark-codec/strip')).stripResult(text),
  reveal: async ({ text }: { text: string }) => (await import('wm-watermark-codec/reveal')).revealResult(text),
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
  // each operation's codec module is loaded when it first runs: a decode does not start the encoders and analyze
  // (docs/PERFORMANCE.md, cold start)
  const handlers: OperationHandlers = {
    encode: async ({ text, secret, ...options }) =>
      (await import('wm-watermark-codec/encode')).encode(text, secret, { ...options, key, signingKey }),
    decode: async ({ text, ...options }) =>
      (await import('wm-watermark-codec/decode')).decode(text, { ...options, key, keys }),
    encode_robust: async ({ text, secret, ...options }) =>
      (await import('wm-watermark-codec/robust')).encodeRobust(text, secret, { ...options, seed, key, signingKey }),
    decode_robust: async ({ text, ...options }) =>
      (await import('wm-watermark-codec/robust')).decodeRobust(text, { ...options, key, keys }),
    analyze: async ({ encoded, original }) => (await import('wm-watermark-codec/analyze')).analyze(encoded, original),
    c2pa_sign: c2paSignOffline,
    ...keylessHandlers,
    ...(account ?? withoutAccount),
  };
  return backendOf('local', handlers, account !== undefined);
}
