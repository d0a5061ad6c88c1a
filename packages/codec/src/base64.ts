/**
 * Base64 (RFC 4648) without Buffer, which browsers lack: key files and key sets are read in the checker too.
 * atob and btoa are global in every browser and in Node.js since 16.
 */

/** The bytes of standard or URL-safe base64, padded or not; null when it is not base64. */
export function bytesOfBase64(text: string): Uint8Array | null {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (character) => character.charCodeAt(0));
  } catch {
    return null;
  }
}

/** Standard base64, padded. */
export const base64Of = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));

/** URL-safe base64 without padding (as JSON Web Keys carry raw keys). */
export const base64UrlOf = (bytes: Uint8Array): string =>
  base64Of(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
