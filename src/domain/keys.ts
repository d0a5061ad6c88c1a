import { createCipheriv, createDecipheriv, createSecretKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';

/** Sub-keys of the master key, one per purpose, so no key is ever used for two things. */
export interface DerivedKeys {
  /**
   * HS256 key for access tokens. A KeyObject, not bytes: jose imports raw bytes into WebCrypto on every
   * verification, but converts a KeyObject once and caches it.
   */
  jwt: KeyObject;
  /** AES-256-GCM key that seals keys at rest: channel keys and signing keys' private seeds */
  channelWrap: Uint8Array;
  /** AES-256 key that turns usage record ids into opaque strings (opaque-id.ts) */
  usageId: KeyObject;
}

const SALT = 'wm master key v1';

export function deriveKeys(masterKey: Uint8Array): DerivedKeys {
  if (masterKey.length !== 32) throw new RangeError('the master key must be 32 bytes');
  const derive = (info: string) => new Uint8Array(hkdfSync('sha256', masterKey, SALT, info, 32));
  return {
    jwt: createSecretKey(derive('jwt-hs256')),
    channelWrap: derive('channel-key-wrap'),
    usageId: createSecretKey(derive('usage-record-id')),
  };
}

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** nonce | ciphertext | tag; `context` (the channel id) is bound as associated data so sealed keys can't be swapped. */
export function sealKey(wrapKey: Uint8Array, plain: Uint8Array, context: string): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', wrapKey, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([nonce, body, cipher.getAuthTag()]);
}

export function openSealedKey(wrapKey: Uint8Array, sealed: Uint8Array, context: string): Uint8Array {
  const data = Buffer.from(sealed);
  const nonce = data.subarray(0, NONCE_BYTES);
  const tag = data.subarray(data.length - TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', wrapKey, nonce, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tag);
  const body = data.subarray(NONCE_BYTES, data.length - TAG_BYTES);
  return new Uint8Array(Buffer.concat([decipher.update(body), decipher.final()]));
}

/** The channel key, or undefined when `wrapKey` does not open `sealed` (another master key, or damaged). */
export function tryOpenSealedKey(wrapKey: Uint8Array, sealed: Uint8Array, context: string): Uint8Array | undefined {
  try {
    return openSealedKey(wrapKey, sealed, context);
  } catch {
    return undefined;
  }
}
