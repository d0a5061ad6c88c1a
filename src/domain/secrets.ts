import { hash, randomBytes } from 'node:crypto';

/** A random bearer secret: 32 bytes (256 bits), base64url. Used for refresh and email-verification tokens. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Bearer secrets have ≥128 bits of entropy, so a fast hash is enough for storage and lookup. */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}
