import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';

/**
 * SHA-256 in a browser (the package's `browser` field swaps this module in for sha256.ts): the noble library's,
 * audited, dependency-free and already in the checker's codec chunk; synchronous, which WebCrypto's digest is not.
 */
export const sha256 = (bytes: Uint8Array): Uint8Array => nobleSha256(bytes);
