/**
 * The fixed DER forms of raw Ed25519 keys (RFC 8410): a PKCS#8 private key and an SPKI public key are a constant
 * prefix and the 32 raw bytes. node:crypto imports raw keys only through DER or JWK, and DER needs no base64 round
 * trip; the browser's verifier (browser-crypto.ts) takes the raw key back out.
 */

const bytesOfHex = (hex: string): Uint8Array => Uint8Array.from(hex.match(/../g)!, (pair) => parseInt(pair, 16));
const PKCS8_PREFIX = bytesOfHex('302e020100300506032b657004220420');
const SPKI_PREFIX = bytesOfHex('302a300506032b6570032100');
/** The length of a raw Ed25519 seed and of a raw public key. */
const RAW_KEY_BYTES = 32;

export function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

function rawKeyAfter(prefix: Uint8Array, der: Uint8Array): Uint8Array | null {
  if (der.length !== prefix.length + RAW_KEY_BYTES) return null;
  for (let i = 0; i < prefix.length; i++) if (der[i] !== prefix[i]) return null;
  return der.slice(prefix.length);
}

/** The seed inside an Ed25519 private key in PKCS#8 DER (as PEM files hold it); null when it is no such key. */
export const seedOfPkcs8 = (der: Uint8Array): Uint8Array | null => rawKeyAfter(PKCS8_PREFIX, der);

/** The raw key inside an Ed25519 public key in SPKI DER; null when it is no such key. */
export const publicKeyOfSpki = (der: Uint8Array): Uint8Array | null => rawKeyAfter(SPKI_PREFIX, der);

export const pkcs8Of = (seed: Uint8Array): Uint8Array => concatBytes(PKCS8_PREFIX, seed);
export const spkiOf = (publicKey: Uint8Array): Uint8Array => concatBytes(SPKI_PREFIX, publicKey);

/** The prefix's length, for those who take the raw key out of an exported SPKI (node:crypto's export). */
export const SPKI_PREFIX_BYTES = SPKI_PREFIX.length;
