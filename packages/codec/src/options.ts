import type { MarkPositions } from './carriers.js';
import { CodecError } from './errors.js';
import { KEY_BYTES } from './seal.js';
import { boundTextDigest } from './bound-text.js';
import type { FrameSigning } from './frame.js';
import type { SigningKey, VerifyingKey } from './signing.js';
import { PUBLIC_KEY_BYTES } from './signing.js';
import {
  CHUNK_SIZE,
  METHODS,
  OUTPUT_MODES,
  type EncodeOptions,
  type EncodeSignature,
  type Method,
  type OutputMode,
  type SignOption,
} from './types.js';
import { madeOnce } from './made-once.js';
const loneSurrogate = madeOnce(() => /\p{Cs}/u);

export interface CheckedEncodeOptions {
  method: Method;
  chunkSize: number;
  firstLetterOnly: boolean;
  skipLines: number;
  positions: MarkPositions;
  pattern: string;
  output: OutputMode;
  key?: Uint8Array;
  signingKey?: SigningKey;
  bindText: boolean;
}

const invalid = (message: string): CodecError => new CodecError('INVALID_INPUT', message);

/** Every codec entry point refuses a non-string text the same way (JavaScript callers are not type-checked). */
export function checkText(value: unknown, what = 'The text'): asserts value is string {
  if (typeof value !== 'string') throw invalid(`${what} must be a string`);
}

export function checkKey(key: unknown): Uint8Array | undefined {
  if (key === undefined) return undefined;
  if (!(key instanceof Uint8Array) || key.length !== KEY_BYTES)
    throw invalid(`A key must be exactly ${KEY_BYTES} bytes`);
  return key;
}

/** The secret as UTF-8; it must be non-empty, well-formed text so that decode gives back exactly the same string. */
export function checkSecret(secret: unknown): Uint8Array {
  if (typeof secret !== 'string' || secret.length === 0) throw invalid('The secret must be a non-empty string');
  if (loneSurrogate().test(secret)) throw invalid('The secret contains an unpaired surrogate (not valid Unicode text)');
  return new TextEncoder().encode(secret);
}

export function checkEncodeOptions(options: EncodeOptions = {}): CheckedEncodeOptions {
  const { method = 'auto', chunkSize = 1, firstLetterOnly = false, pattern, output = 'full' } = options;
  if (!METHODS.includes(method))
    throw invalid(`Unknown method ${JSON.stringify(method)} (expected ${METHODS.join(', ')})`);
  if (!Number.isSafeInteger(chunkSize) || chunkSize < CHUNK_SIZE.min) {
    throw invalid('chunkSize must be a positive integer');
  }
  if (typeof firstLetterOnly !== 'boolean') throw invalid('firstLetterOnly must be a boolean');
  const skipLines = checkSkipLines(options.skipLines);
  const positions = checkPositions(options);
  if (!OUTPUT_MODES.includes(output))
    throw invalid(`Unknown output ${JSON.stringify(output)} (expected full or tokens)`);
  if (pattern !== undefined && typeof pattern !== 'string') throw invalid('pattern must be a string');
  if (method === 'pattern' && !pattern) throw invalid('Method pattern needs a non-empty pattern');
  const { signingKey, bindText } = checkSignOptions(options);
  const key = checkKey(options.key);
  return {
    method,
    chunkSize,
    firstLetterOnly,
    skipLines,
    positions,
    pattern: pattern ?? '',
    output,
    key,
    signingKey,
    bindText,
  };
}

/** How many lines stay unmarked (encode and encodeRobust): a whole number, 0 by default. */
export function checkSkipLines(skipLines: unknown = 0): number {
  if (!Number.isSafeInteger(skipLines) || (skipLines as number) < 0)
    throw invalid('skipLines must be a whole number (0 or more)');
  return skipLines as number;
}

/** A boolean option that defaults to false. */
export function checkFlag(value: unknown, name: string): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw invalid(`${name} must be a boolean`);
  return value;
}

/**
 * The positions that markWordEnds, lineEndsOnly and wholeWords ask for (docs/FORMAT.md §3); each names a placement of
 * its own, so asking for two is refused.
 */
export function checkPositions(options: {
  markWordEnds?: unknown;
  lineEndsOnly?: unknown;
  wholeWords?: unknown;
}): MarkPositions {
  const markWordEnds = checkFlag(options.markWordEnds, 'markWordEnds');
  const lineEndsOnly = checkFlag(options.lineEndsOnly, 'lineEndsOnly');
  const wholeWords = checkFlag(options.wholeWords, 'wholeWords');
  if (markWordEnds && lineEndsOnly)
    throw invalid('markWordEnds and lineEndsOnly exclude each other: one marks more positions, the other fewer');
  if (wholeWords && (markWordEnds || lineEndsOnly)) {
    const other = markWordEnds ? 'markWordEnds' : 'lineEndsOnly';
    const error = invalid(`wholeWords and ${other} exclude each other: each is a placement of its own`);
    error.option = 'wholeWords';
    throw error;
  }
  if (wholeWords) return 'outside-words';
  return markWordEnds ? 'word-ends' : lineEndsOnly ? 'line-ends' : 'inside-words';
}

export function checkSignOptions(options: SignOption): { signingKey?: SigningKey; bindText: boolean } {
  const { signingKey, bindText = false } = options;
  const madeByCreateSigningKey = typeof signingKey === 'object' && signingKey !== null && 'privateKey' in signingKey;
  if (signingKey !== undefined && !madeByCreateSigningKey) {
    throw invalid('signingKey must be a key made by createSigningKey');
  }
  if (typeof bindText !== 'boolean') throw invalid('bindText must be a boolean');
  if (bindText && !signingKey) {
    const error = invalid('bindText binds the text to a signature: it needs a signing key');
    error.option = 'bindText';
    throw error;
  }
  return { signingKey, bindText };
}

/** How buildFrame signs the mark of `text`, or undefined for an unsigned mark. */
export function frameSigningFor(
  text: string,
  options: { signingKey?: SigningKey; bindText: boolean },
): FrameSigning | undefined {
  if (!options.signingKey) return undefined;
  return { key: options.signingKey, textDigest: options.bindText ? boundTextDigest(text) : undefined };
}

export function checkVerifyingKeys(keys: unknown): readonly VerifyingKey[] {
  if (keys === undefined) return [];
  const valid =
    Array.isArray(keys) &&
    keys.every((key: { publicKey?: unknown } | null) => {
      const publicKey = key?.publicKey;
      return publicKey instanceof Uint8Array && publicKey.length === PUBLIC_KEY_BYTES;
    });
  if (!valid) throw invalid(`keys must be a list of {publicKey: ${PUBLIC_KEY_BYTES} bytes, name?}`);
  return keys as readonly VerifyingKey[];
}

/** The signature field of an encode result: present only for a signed mark. */
export const encodeSignatureOf = (options: {
  signingKey?: SigningKey;
  bindText: boolean;
}): { signature?: EncodeSignature } =>
  options.signingKey ? { signature: { key_id: options.signingKey.keyId, text_bound: options.bindText } } : {};
