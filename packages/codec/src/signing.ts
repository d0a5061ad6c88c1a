import type { KeyObject } from 'node:crypto';
import { pkcs8Of, spkiOf, SPKI_PREFIX_BYTES } from './ed25519-der.js';
import { CodecError } from './errors.js';
import { nodeCrypto } from './node-crypto.js';

export { pkcs8Of, publicKeyOfSpki, seedOfPkcs8, spkiOf } from './ed25519-der.js';

/** Ed25519 (RFC 8032): a 32-byte seed is the private key, a 32-byte point the public key, signatures 64 bytes. */
export const SEED_BYTES = 32;
export const PUBLIC_KEY_BYTES = 32;
export const SIGNATURE_BYTES = 64;
/** A signed frame names its key by this many bytes of a hash of the public key (minisign uses 8 as well). */
export const SIGNER_ID_BYTES = 8;

/** A private key ready to sign marks; made once per key (importing costs more than a signature). */
export interface SigningKey {
  /** the 16 lowercase hex digits of the key id */
  keyId: string;
  publicKey: Uint8Array;
  /** @internal */
  readonly privateKey: KeyObject;
}

/** A public key that decode and verify trust; `name` is how reports call its owner. */
export interface VerifyingKey {
  /** hex key id; when given it must be the public key's own (a key file cannot relabel a key) */
  keyId?: string;
  publicKey: Uint8Array;
  name?: string;
  /** as a key set lists them (ISO 8601): carried along when keys are exported again, not used to verify */
  created?: string | null;
  retired?: string | null;
  /** whose key it is, as a key set says (the account on the server that publishes the set, and that server) */
  account?: string;
  issuer?: string;
}

const invalid = (message: string): CodecError => new CodecError('INVALID_INPUT', message);

// node:crypto takes any typed array as DER, though its types name Buffer only (and Buffer is not in the browser)
const asBuffer = (bytes: Uint8Array): Buffer => bytes as Buffer;

/** The key id of an Ed25519 public key: SHA-256 of a label and the key, first 8 bytes. */
export function signerIdOf(publicKey: Uint8Array): Uint8Array {
  if (publicKey.length !== PUBLIC_KEY_BYTES) throw invalid(`An Ed25519 public key is ${PUBLIC_KEY_BYTES} bytes`);
  const digest = nodeCrypto().createHash('sha256').update('wm signing key id v1').update(publicKey).digest();
  return Uint8Array.from(digest.subarray(0, SIGNER_ID_BYTES));
}

// not Buffer: the checker's browser bundle reads signed marks too (it reports their key id)
export const hexOf = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** A signing key from its 32-byte seed. */
export function createSigningKey(seed: Uint8Array): SigningKey {
  if (!(seed instanceof Uint8Array) || seed.length !== SEED_BYTES) {
    throw invalid(`An Ed25519 private key (seed) must be exactly ${SEED_BYTES} bytes`);
  }
  const crypto = nodeCrypto();
  const privateKey = crypto.createPrivateKey({
    key: asBuffer(pkcs8Of(seed)),
    format: 'der',
    type: 'pkcs8',
  });
  const spki = crypto.createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  const publicKey = Uint8Array.from(spki.subarray(SPKI_PREFIX_BYTES));
  return { keyId: hexOf(signerIdOf(publicKey)), publicKey, privateKey };
}

/** A fresh random seed for createSigningKey. */
export const newSigningSeed = (): Uint8Array => Uint8Array.from(nodeCrypto().randomBytes(SEED_BYTES));

export function signMessage(key: SigningKey, message: Uint8Array): Uint8Array {
  return Uint8Array.from(nodeCrypto().sign(null, message, key.privateKey));
}

// Importing a public key costs about as much as a verification: each VerifyingKey is imported once.
const imported = new WeakMap<VerifyingKey, KeyObject>();

export function verifyMessage(key: VerifyingKey, message: Uint8Array, signature: Uint8Array): boolean {
  let publicKey = imported.get(key);
  try {
    if (!publicKey) {
      publicKey = nodeCrypto().createPublicKey({
        key: asBuffer(spkiOf(key.publicKey)),
        format: 'der',
        type: 'spki',
      });
      imported.set(key, publicKey);
    }
    return nodeCrypto().verify(null, message, publicKey, signature);
  } catch {
    // a public key that is no curve point (a broken key file) verifies nothing
    return false;
  }
}
