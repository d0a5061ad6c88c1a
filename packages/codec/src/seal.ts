import { CodecError } from './errors.js';
import { nodeCrypto } from './node-crypto.js';

export const KEY_BYTES = 32;
export const NONCE_BYTES = 12;
export const TAG_BYTES = 16;
export const KEY_ID_BYTES = 4;

export function assertKey(key: Uint8Array): void {
  if (key.length !== KEY_BYTES) {
    throw new CodecError('INVALID_INPUT', `A key must be exactly ${KEY_BYTES} bytes (got ${key.length})`);
  }
}

/**
 * A short public fingerprint of a key, stored in keyed frames so that "wrong key" can be told apart
 * from "corrupted". An HMAC rather than a plain hash so the id reveals nothing reusable about the key.
 */
export function keyIdOf(key: Uint8Array): Uint8Array {
  assertKey(key);
  return nodeCrypto().createHmac('sha256', key).update('wm key id v1').digest().subarray(0, KEY_ID_BYTES);
}

/** Nonces drawn from the CSPRNG this many at a time: one call costs about what sealing a frame does. */
const NONCES_PER_DRAW = 256;
let nonces = new Uint8Array(0);
let nextNonce = 0;

/** A fresh random nonce (a copy: nothing else holds its bytes). */
export function newNonce(): Uint8Array {
  if (nextNonce === nonces.length) {
    nonces = new Uint8Array(nodeCrypto().randomBytes(NONCE_BYTES * NONCES_PER_DRAW));
    nextNonce = 0;
  }
  nextNonce += NONCE_BYTES;
  return nonces.slice(nextNonce - NONCE_BYTES, nextNonce);
}

/** AES-256-GCM: returns ciphertext followed by the 16-byte tag. */
export function sealBytes(key: Uint8Array, nonce: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): Uint8Array {
  assertKey(key);
  const cipher = nodeCrypto().createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad);
  const head = cipher.update(plaintext);
  const tail = cipher.final();
  return Buffer.concat([head, tail, cipher.getAuthTag()]);
}

/** Inverse of sealBytes; null when the tag does not verify. */
export function openBytes(key: Uint8Array, nonce: Uint8Array, sealed: Uint8Array, aad: Uint8Array): Uint8Array | null {
  assertKey(key);
  if (sealed.length < TAG_BYTES) return null;
  const decipher = nodeCrypto().createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  decipher.setAAD(aad);
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  try {
    const head = decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES));
    return Buffer.concat([head, decipher.final()]);
  } catch {
    return null;
  }
}
