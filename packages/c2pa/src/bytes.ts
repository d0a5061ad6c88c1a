import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';

/**
 * Byte helpers that run alike in Node.js and in a browser, so that the checker page verifies with this package's
 * own code. SHA-256 is the noble library's (audited, dependency-free, already in the checker's codec chunk):
 * synchronous in both worlds, which WebCrypto's digest is not.
 */

export const sha256 = (bytes: Uint8Array): Uint8Array => nobleSha256(bytes);

export function equalBytes(a: Uint8Array, b: unknown): boolean {
  if (!(b instanceof Uint8Array) || a.length !== b.length) return false;
  return a.every((byte, index) => byte === b[index]);
}

export const base64Of = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
