import { sign, type KeyObject } from 'node:crypto';
import { encode, Tag } from 'cbor2';
import {
  COSE_ALGORITHM,
  COSE_SIGN1_TAG,
  HEADER_ALG,
  HEADER_X5CHAIN,
  sigStructure,
  type SigningAlgorithm,
} from './cose.js';

/** The tagged COSE_Sign1 of `payload` (detached) signed with `privateKey`. */
export function signCose(payload: Uint8Array, privateKey: KeyObject, algorithm: SigningAlgorithm, chain: Uint8Array[]) {
  const x5chain = chain.length === 1 ? chain[0] : chain;
  const protectedBytes = encode(
    new Map<number, unknown>([
      [HEADER_ALG, COSE_ALGORITHM[algorithm]],
      [HEADER_X5CHAIN, x5chain],
    ]),
  );
  const toBeSigned = sigStructure(protectedBytes, payload);
  const signature =
    algorithm === 'es256'
      ? sign('sha256', toBeSigned, { key: privateKey, dsaEncoding: 'ieee-p1363' })
      : sign(null, toBeSigned, privateKey);
  return encode(new Tag(COSE_SIGN1_TAG, [protectedBytes, new Map(), null, new Uint8Array(signature)]));
}
