import { base64Of, base64UrlOf, bytesOfBase64 } from './base64.js';
import { CodecError } from './errors.js';
import {
  PUBLIC_KEY_BYTES,
  hexOf,
  pkcs8Of,
  publicKeyOfSpki,
  seedOfPkcs8,
  signerIdOf,
  spkiOf,
  type VerifyingKey,
} from './signing.js';

/**
 * The file forms of signing keys (docs/FORMAT.md, "Key files"): a private key is PKCS#8 PEM and a public key SPKI
 * PEM, as OpenSSL writes Ed25519 keys; a published key set is JSON in the shape of a JSON Web Key Set (RFC 7517,
 * OKP keys of RFC 8037) with a few members of ours. Pure text in, bytes out: reading the files is the caller's.
 */

/** One published public key: a JWK plus the key's name and dates. */
export interface PublishedKey {
  kty: 'OKP';
  crv: 'Ed25519';
  /** the raw public key, base64url */
  x: string;
  /** the key id: 16 hex digits, the same a signed mark names */
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
  name: string;
  /** the account the key belongs to on the server that publishes the set (its username) */
  account?: string;
  /** ISO 8601 */
  created: string | null;
  /** when the key stopped signing; retired keys stay listed so that older marks still verify */
  retired: string | null;
}

export interface PublishedKeySet {
  /** whose set it is: the public URL of the server that publishes it */
  issuer?: string;
  keys: PublishedKey[];
}

export interface PublicKeyInfo {
  publicKey: Uint8Array;
  name: string;
  account?: string;
  created?: string | null;
  retired?: string | null;
}

const invalid = (message: string): CodecError => new CodecError('INVALID_INPUT', message);

function pemOf(label: string, der: Uint8Array): string {
  const lines = base64Of(der).match(/.{1,64}/g)!;
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

function derOfPem(text: string, label: string): Uint8Array | null {
  const match = new RegExp(`-----BEGIN ${label}-----([A-Za-z0-9+/=\\s]+)-----END ${label}-----`).exec(text);
  return match ? bytesOfBase64(match[1].replace(/\s+/g, '')) : null;
}

export const privateKeyPem = (seed: Uint8Array): string => pemOf('PRIVATE KEY', pkcs8Of(seed));
export const publicKeyPem = (publicKey: Uint8Array): string => pemOf('PUBLIC KEY', spkiOf(publicKey));

/** The seed of an Ed25519 private key PEM; INVALID_INPUT naming `source` otherwise. */
export function parsePrivateKeyPem(text: string, source: string): Uint8Array {
  const der = derOfPem(text, 'PRIVATE KEY');
  const seed = der && seedOfPkcs8(der);
  if (!seed) throw invalid(`${source} is not an Ed25519 private key (PEM "PRIVATE KEY", as wm keygen --sign writes)`);
  return seed;
}

/** The raw key of an Ed25519 public key PEM, or null when the text holds none. */
export function parsePublicKeyPem(text: string): Uint8Array | null {
  const der = derOfPem(text, 'PUBLIC KEY');
  return der && publicKeyOfSpki(der);
}

export function publishedKeyOf(info: PublicKeyInfo): PublishedKey {
  return {
    kty: 'OKP',
    crv: 'Ed25519',
    x: base64UrlOf(info.publicKey),
    kid: hexOf(signerIdOf(info.publicKey)),
    alg: 'EdDSA',
    use: 'sig',
    name: info.name,
    ...(info.account === undefined ? {} : { account: info.account }),
    created: info.created ?? null,
    retired: info.retired ?? null,
  };
}

export const publishedKeySetOf = (keys: readonly PublicKeyInfo[], issuer?: string): PublishedKeySet => ({
  ...(issuer === undefined ? {} : { issuer }),
  keys: keys.map(publishedKeyOf),
});

/**
 * The Ed25519 keys of a key set (wm-keys.json). Entries of other kinds are skipped (a JWKS may hold RSA keys too);
 * an Ed25519 entry whose kid is not its key's own id is refused, so a key set cannot pass one key off as another.
 */
export function parsePublishedKeySet(json: string, source: string): VerifyingKey[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw invalid(`${source} is not JSON`);
  }
  const keys = (parsed as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys)) throw invalid(`${source} is not a key set: expected {"keys": [...]}`);
  const issuer = (parsed as { issuer?: unknown }).issuer;
  const found: VerifyingKey[] = [];
  keys.forEach((entry: Partial<PublishedKey> | null, index) => {
    if (entry?.kty !== 'OKP' || entry.crv !== 'Ed25519') return;
    const publicKey = typeof entry.x === 'string' ? bytesOfBase64(entry.x) : null;
    if (!publicKey || publicKey.length !== PUBLIC_KEY_BYTES) {
      throw invalid(`${source}: key ${index + 1} has no ${PUBLIC_KEY_BYTES}-byte Ed25519 public key in "x"`);
    }
    const keyId = hexOf(signerIdOf(publicKey));
    if (entry.kid !== undefined && entry.kid !== keyId) {
      throw invalid(`${source}: key ${index + 1} says kid ${JSON.stringify(entry.kid)}, but its key's id is ${keyId}`);
    }
    const date = (value: unknown): string | null => (typeof value === 'string' ? value : null);
    found.push({
      keyId,
      publicKey,
      name: typeof entry.name === 'string' ? entry.name : undefined,
      created: date(entry.created),
      retired: date(entry.retired),
      ...(typeof entry.account === 'string' ? { account: entry.account } : {}),
      ...(typeof issuer === 'string' ? { issuer } : {}),
    });
  });
  return found;
}

/** A public key file's keys: a key set (JSON) or one public key PEM named `name`. */
export function parsePublicKeys(text: string, source: string, name: string): VerifyingKey[] {
  if (text.trimStart().startsWith('{')) return parsePublishedKeySet(text, source);
  const publicKey = parsePublicKeyPem(text);
  if (!publicKey) {
    throw invalid(`${source} holds no Ed25519 public key: expected a key set (JSON) or a PEM "PUBLIC KEY" (name.pub)`);
  }
  return [{ keyId: hexOf(signerIdOf(publicKey)), publicKey, name }];
}
