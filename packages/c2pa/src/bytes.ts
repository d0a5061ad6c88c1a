/**
 * Byte helpers that run alike in Node.js and in a browser, so that the checker page verifies with this package's
 * own code. SHA-256 is sha256.ts's (node:crypto; in a browser build, browser-sha256.ts).
 */

export { sha256 } from './sha256.js';

export function equalBytes(a: Uint8Array, b: unknown): boolean {
  if (!(b instanceof Uint8Array) || a.length !== b.length) return false;
  return a.every((byte, index) => byte === b[index]);
}

export const base64Of = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
