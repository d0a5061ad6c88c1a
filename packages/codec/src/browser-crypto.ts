import { CodecError } from './errors.js';

// the shape the codec expects of node:crypto, named through the module it replaces
type NodeCrypto = ReturnType<typeof import('./node-crypto.js').nodeCrypto>;

const keyedInBrowser = (): never => {
  throw new CodecError(
    'INVALID_INPUT',
    'Keyed watermarks need node:crypto: make and read them in Node.js (a wm server or CLI), not in a browser',
  );
};

const signedInBrowser = (): never => {
  throw new CodecError(
    'INVALID_INPUT',
    'Signatures need node:crypto: make and check them in Node.js (wm verify, or a wm server), not in a browser',
  );
};

const randomBytes = (size: number): Uint8Array => crypto.getRandomValues(new Uint8Array(size));

/**
 * What the codec asks of node:crypto, in a browser (the package's `browser` field swaps this module in for
 * node-crypto.ts): randomness from getRandomValues. WebCrypto's HMAC, AES and Ed25519 are asynchronous and the codec
 * is not, so keyed and signed marks are made and read in Node.js; a browser page sends them to a server.
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
  // signing, verifying and bound-text digests: the checker shows a signed mark's key id without verifying it
  createHash: signedInBrowser,
  createPrivateKey: signedInBrowser,
  createPublicKey: signedInBrowser,
  sign: signedInBrowser,
  verify: signedInBrowser,
} as unknown as NodeCrypto;

export const nodeCrypto = (): NodeCrypto => browserCrypto;
