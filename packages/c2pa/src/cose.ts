import { sign, verify, type KeyObject } from 'node:crypto';
import { decode, encode, Tag } from 'cbor2';

/**
 * COSE_Sign1 (RFC 9052 §4.2) as C2PA signs a claim: the claim's bytes are the detached payload (nil in the
 * structure), the protected header holds the algorithm (1) and the certificate chain (x5chain, 33: the signer's
 * certificate first). CBOR is cbor2's; what is ours is the four-element structure and the Sig_structure, which the
 * COSE libraries on npm wrap in far more (@auth0/cose brings jose 4, pkijs and a WebCrypto polyfill).
 */

export type SigningAlgorithm = 'es256' | 'ed25519';

const COSE_ALGORITHM: Record<SigningAlgorithm, number> = { es256: -7, ed25519: -8 };
const HEADER_ALG = 1;
const HEADER_X5CHAIN = 33;
const COSE_SIGN1_TAG = 18;

export class CoseError extends Error {
  override readonly name = 'CoseError';
}

export interface CoseSign1 {
  algorithm: SigningAlgorithm;
  /** DER certificates, the signer's first */
  chain: Uint8Array[];
  protectedBytes: Uint8Array;
  signature: Uint8Array;
}

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

/** Reads a tagged (or untagged) COSE_Sign1; throws CoseError for anything else. */
export function readCose(bytes: Uint8Array): CoseSign1 {
  let value: unknown;
  try {
    value = decode(bytes);
  } catch (error) {
    throw new CoseError(`the signature is not CBOR: ${(error as Error).message}`);
  }
  const structure = value instanceof Tag && value.tag === COSE_SIGN1_TAG ? value.contents : value;
  if (!Array.isArray(structure) || structure.length !== 4) throw new CoseError('the signature is not a COSE_Sign1');
  const [protectedBytes, unprotected, payload, signature] = structure as unknown[];
  if (!(protectedBytes instanceof Uint8Array) || !(signature instanceof Uint8Array)) {
    throw new CoseError('the COSE_Sign1 has no protected header or no signature');
  }
  if (typeof unprotected !== 'object' || unprotected === null || Array.isArray(unprotected)) {
    throw new CoseError('the COSE_Sign1 has no unprotected header map');
  }
  if (payload !== null) throw new CoseError("the COSE_Sign1's payload is not detached (nil), as C2PA signs a claim");
  const headers = protectedBytes.length === 0 ? new Map() : decode(protectedBytes);
  if (!(headers instanceof Map)) throw new CoseError('the protected header is not a map of COSE labels');
  const algorithm = (Object.keys(COSE_ALGORITHM) as SigningAlgorithm[]).find(
    (name) => COSE_ALGORITHM[name] === headers.get(HEADER_ALG),
  );
  if (!algorithm) throw new CoseError(`COSE algorithm ${String(headers.get(HEADER_ALG))} is not supported`);
  const x5chain = headers.get(HEADER_X5CHAIN) as unknown;
  const chain = x5chain instanceof Uint8Array ? [x5chain] : x5chain;
  if (!Array.isArray(chain) || chain.length === 0 || !chain.every((c) => c instanceof Uint8Array)) {
    throw new CoseError('the protected header has no x5chain');
  }
  return { algorithm, chain, protectedBytes, signature };
}

/** Whether the signature over `payload` verifies with the key `publicKey` gives (the chain's first certificate's). */
export function verifyCose(cose: CoseSign1, payload: Uint8Array, publicKeyOf: () => KeyObject): boolean {
  const toBeSigned = sigStructure(cose.protectedBytes, payload);
  try {
    const publicKey = publicKeyOf();
    return cose.algorithm === 'es256'
      ? verify('sha256', toBeSigned, { key: publicKey, dsaEncoding: 'ieee-p1363' }, cose.signature)
      : verify(null, toBeSigned, publicKey, cose.signature);
  } catch {
    return false;
  }
}

const sigStructure = (protectedBytes: Uint8Array, payload: Uint8Array): Uint8Array =>
  encode(['Signature1', protectedBytes, new Uint8Array(0), payload]);
