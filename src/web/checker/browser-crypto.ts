import { CodecError } from '../../codec/errors.js';

// the shape the codec expects, named through the codec's own module (this folder never imports node: modules)
type NodeCrypto = ReturnType<typeof import('../../codec/node-crypto.js').nodeCrypto>;

const keyedInBrowser = (): never => {
  throw new CodecError('INVALID_INPUT', 'Keyed watermarks are made and read by the server: use an API token');
};

const signedInBrowser = (): never => {
  throw new CodecError('INVALID_INPUT', 'Signatures are made and checked by the wm CLI or server (wm verify)');
};

const randomBytes = (size: number): Uint8Array => crypto.getRandomValues(new Uint8Array(size));

/**
 * What the codec asks of node:crypto, in the browser: randomness from getRandomValues. Sealing and key ids need a
 * key, which never reaches the checker: keyed operations are sent to the API with the user's token.
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
