import { createHash } from 'node:crypto';

/**
 * SHA-256 on Node.js: OpenSSL's, ten times the noble library's speed on a long text (the hard binding hashes the
 * whole text when a server signs). A browser build swaps in browser-sha256.ts (the package's `browser` field).
 */
export const sha256 = (bytes: Uint8Array): Uint8Array => new Uint8Array(createHash('sha256').update(bytes).digest());
