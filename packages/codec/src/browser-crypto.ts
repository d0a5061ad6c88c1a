import { hashes, verify as verifyEd25519 } from '@noble/ed25519';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { publicKeyOfSpki } from './ed25519-der.js';
import { CodecError } from './errors.js';

// the shape the codec expects of node:crypto, named through the module it replaces
type NodeCrypto = ReturnType<typeof import('./node-crypto.js').nodeCrypto>;

const keyedInBrowser = (): never => {
  throw new CodecError(
    'INVALID_INPUT',
    'Keyed watermarks need node:crypto: make and read them in Node.js (a wm server or CLI), not in a browser',
  );
};

const signingInBrowser = (): never => {
  throw new CodecError(
    'INVALID_INPUT',
    'Signing needs node:crypto: sign marks in Node.js (wm encode --sign-key, or a wm server), not in a browser',
  );
};

const randomBytes = (size: number): Uint8Array => crypto.getRandomValues(new Uint8Array(size));

/** SHA-256 in node:crypto's shape, for what the codec hashes: key ids and bound-text digests. */
function createHash(algorithm: string) {
  if (algorithm !== 'sha256') throw new CodecError('INVALID_INPUT', `No ${algorithm} in this browser build`);
  const hash = sha256.create();
  const encoder = new TextEncoder();
  const hasher = {
    update(data: string | Uint8Array) {
      hash.update(typeof data === 'string' ? encoder.encode(data) : data);
      return hasher;
    },
    digest: () => hash.digest(),
  };
  return hasher;
}

/** A public key as verifyMessage (signing.ts) imports it: SPKI DER, of which the browser keeps the raw key. */
interface BrowserPublicKey {
  raw: Uint8Array;
}

function createPublicKey({ key }: { key: Uint8Array }): BrowserPublicKey {
  const raw = publicKeyOfSpki(key);
  if (!raw) throw new CodecError('INVALID_INPUT', 'Not an Ed25519 public key');
  return { raw };
}

function verify(_algorithm: null, message: Uint8Array, publicKey: BrowserPublicKey, signature: Uint8Array): boolean {
  // a copy: the hashes' types name any buffer, ed25519's an ArrayBuffer's
  hashes.sha512 ??= (bytes) => Uint8Array.from(sha512(bytes));
  // strict RFC 8032 (noble's default is ZIP-215, which also accepts what OpenSSL, and so node:crypto, refuses)
  return verifyEd25519(signature, message, publicKey.raw, { zip215: false });
}

/**
 * What the codec asks of node:crypto, in a browser (the package's `browser` field swaps this module in for
 * node-crypto.ts): randomness from getRandomValues, and SHA-256 and Ed25519 verification from the noble libraries
 * (audited, dependency-free), synchronous as the codec is, so the checker verifies signed marks with the codec's own
 * `verify` (WebCrypto's digest and Ed25519 are asynchronous). HMAC and AES stay Node's: keyed marks are made and
 * read on a server; so does signing, which needs a private key no page should hold.
 */
const browserCrypto = {
  randomBytes,
  randomInt: (max: number) => {
    const [value] = crypto.getRandomValues(new Uint32Array(1));
    return value % max;
  },
  createHmac: keyedInBrowser,
  createCipheriv: keyedInBrowser,
  createDecipheriv: keyedInBrowser,
  createHash,
  createPublicKey,
  verify,
  createPrivateKey: signingInBrowser,
  sign: signingInBrowser,
} as unknown as NodeCrypto;

export const nodeCrypto = (): NodeCrypto => browserCrypto;
