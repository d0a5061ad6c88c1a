import { randomBytes } from 'node:crypto';
import { crc32 } from 'wm-watermark-codec/crc32';

/**
 * API token secrets look like GitHub's: `wm_` + 30 random base62 characters (≈178 bits) + a 6-character base62
 * CRC-32 of them, so secret scanners can recognise a leaked token, and a mistyped one is refused without a lookup.
 */
export const API_TOKEN_PREFIX = 'wm_';
const RANDOM_CHARS = 30;
const CHECKSUM_CHARS = 6;
/** shown in listings so people can tell their tokens apart: `wm_` + 7 characters */
export const DISPLAY_PREFIX_LENGTH = 10;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SHAPE = new RegExp(`^${API_TOKEN_PREFIX}[0-9A-Za-z]{${RANDOM_CHARS + CHECKSUM_CHARS}}$`);

export function generateApiTokenSecret(): string {
  let random = '';
  while (random.length < RANDOM_CHARS) {
    for (const byte of randomBytes(RANDOM_CHARS * 2)) {
      // 248 = 4·62: rejecting the rest keeps every character equally likely
      if (byte < 248 && random.length < RANDOM_CHARS) random += BASE62[byte % 62];
    }
  }
  return `${API_TOKEN_PREFIX}${random}${checksum(random)}`;
}

/** True when the string has the shape and checksum of one of our secrets (it may still be unknown or revoked). */
export function isWellFormedApiTokenSecret(secret: string): boolean {
  if (!SHAPE.test(secret)) return false;
  const body = secret.slice(API_TOKEN_PREFIX.length);
  return checksum(body.slice(0, RANDOM_CHARS)) === body.slice(RANDOM_CHARS);
}

export const displayPrefixOf = (secret: string) => secret.slice(0, DISPLAY_PREFIX_LENGTH);

function checksum(random: string): string {
  let value = crc32(Buffer.from(random, 'ascii'));
  let out = '';
  for (let i = 0; i < CHECKSUM_CHARS; i++) {
    out = BASE62[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}
