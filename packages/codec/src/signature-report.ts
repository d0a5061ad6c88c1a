import { boundTextDigest } from './bound-text.js';
import type { Frame } from './frame.js';
import { hexOf, signerIdOf, verifyMessage, type VerifyingKey } from './signing.js';

/**
 * What a signature says: `unsigned` (no signature: not a failure), `valid`, `invalid` (a signature that does not
 * verify with the key it names: a forgery or a changed mark) or `unknown_key` (signed with a key the reader does
 * not know, so nothing can be said about it).
 */
export const SIGNATURE_STATUSES = ['unsigned', 'valid', 'invalid', 'unknown_key'] as const;
export type SignatureStatus = (typeof SIGNATURE_STATUSES)[number];

export interface SignatureReport {
  status: SignatureStatus;
  signed: boolean;
  /** the signer's key id (16 hex digits) named by the mark; null when unsigned */
  key_id: string | null;
  /** whether key_id is one of the reader's keys */
  known_signer: boolean;
  /** that key's name, when it has one */
  signer: string | null;
  /** null when there is nothing to check: unsigned, or unknown key */
  valid: boolean | null;
  /** whether the signature also covers the visible text */
  text_bound: boolean;
  /** with a valid signature over a bound text: whether the text still matches it; otherwise null */
  text_matches: boolean | null;
}

export const UNSIGNED: SignatureReport = Object.freeze({
  status: 'unsigned',
  signed: false,
  key_id: null,
  known_signer: false,
  signer: null,
  valid: null,
  text_bound: false,
  text_matches: null,
});

/** The reader's public keys by key id (computed from each key: a key file cannot relabel a key). */
export type Keyring = ReadonlyMap<string, VerifyingKey>;

export function keyringOf(keys: readonly VerifyingKey[] = []): Keyring {
  return new Map(keys.map((key) => [hexOf(signerIdOf(key.publicKey)), key]));
}

/**
 * The signature report of a frame read from `text`. `digestOfText` gives the bound-text digest of the text being
 * read (asked for at most once per text by the caller's memo).
 */
export function reportSignature(frame: Frame, keyring: Keyring, digestOfText: () => Uint8Array): SignatureReport {
  if (!frame.signed) return UNSIGNED;
  const keyId = hexOf(frame.signerId!);
  const textBound = frame.textDigest !== null;
  const key = keyring.get(keyId);
  if (!key) return report('unknown_key', keyId, null, textBound, null);
  const valid = verifyMessage(key, frame.signedMessage!, frame.signature!);
  const matches = valid && textBound ? equalBytes(frame.textDigest!, digestOfText()) : null;
  return report(valid ? 'valid' : 'invalid', keyId, key, textBound, matches);
}

function report(
  status: SignatureStatus,
  keyId: string,
  key: VerifyingKey | null,
  textBound: boolean,
  textMatches: boolean | null,
): SignatureReport {
  return {
    status,
    signed: true,
    key_id: keyId,
    known_signer: key !== null,
    signer: key?.name ?? null,
    valid: status === 'unknown_key' ? null : status === 'valid',
    text_bound: textBound,
    text_matches: textMatches,
  };
}

/** A memo of boundTextDigest(text). */
export function textDigestMemo(text: string): () => Uint8Array {
  let digest: Uint8Array | undefined;
  return () => (digest ??= boundTextDigest(text));
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}
