import { nodeCrypto } from './node-crypto.js';
import { strip } from './strip.js';

export const TEXT_DIGEST_BYTES = 32;

/**
 * The visible text as a signed mark binds it: hidden marks removed (strip), C2PA text manifests too, Unicode NFC,
 * every run of whitespace one space, no leading or trailing whitespace. So the changes that keep a mark readable
 * and the words the same (NFC/NFD, re-wrapping, CRLF, trimming: the text-handling rows of docs/SURVIVAL.md) keep
 * the text matching; and so does a C2PA manifest added, updated or removed, which changes no visible character
 * (C2PA's own content binding leaves its manifest out as well).
 */
export function boundTextOf(text: string): string {
  return strip(text, { all: true }).normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** SHA-256 of the UTF-8 of boundTextOf(text), after a label that keeps it apart from any other use of the hash. */
export function boundTextDigest(text: string): Uint8Array {
  const digest = nodeCrypto()
    .createHash('sha256')
    .update('wm bound text v1\0')
    .update(boundTextOf(text), 'utf8')
    .digest();
  return Uint8Array.from(digest);
}
