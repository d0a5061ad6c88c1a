import { decode, encode, Tag } from 'cbor2';

/**
 * COSE_Sign1 (RFC 9052 §4.2) as C2PA signs a claim: the claim's bytes are the detached payload (nil in the
 * structure), the protected header holds the algorithm (1) and the certificate chain (x5chain, 33: the signer's
 * certificate first). CBOR is cbor2's; what is ours is the four-element structure and the Sig_structure, which the
 * COSE libraries on npm wrap in far more (@auth0/cose brings jose 4, pkijs and a WebCrypto polyfill).
 */

export type SigningAlgorithm = 'es256' | 'ed25519';

export const COSE_ALGORITHM: Record<SigningAlgorithm, number> = { es256: -7, ed25519: -8 };
export const HEADER_ALG = 1;
export const HEADER_X5CHAIN = 33;
export const COSE_SIGN1_TAG = 18;

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

/**
 * A CBOR map as cbor2 gives it: a Map (keys other than strings), or a plain object (none, or strings only). Any other
 * object (a simple value, a tag, a byte string) is not one, though nothing signs the unprotected header.
 */
const isCborMap = (value: unknown): boolean =>
  value instanceof Map ||
  (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype);

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
  if (!isCborMap(unprotected)) throw new CoseError('the COSE_Sign1 has no unprotected header map');
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

/**
 * Whether the signature over `payload` verifies with the public key `spki` (the chain's first certificate's), by
 * WebCrypto, which Node.js and browsers share: ES256 signatures are r‖s there as in COSE. Throws a CoseError when
 * this runtime cannot verify the algorithm at all (a browser without Ed25519), which is no verdict on the signature.
 */
export async function verifyCose(cose: CoseSign1, payload: Uint8Array, spki: () => Uint8Array): Promise<boolean> {
  const toBeSigned = sigStructure(cose.protectedBytes, payload);
  let key: Awaited<ReturnType<typeof crypto.subtle.importKey>>;
  try {
    key = await crypto.subtle.importKey('spki', copy(spki()), VERIFY_KEY[cose.algorithm], false, ['verify']);
  } catch (error) {
    if ((error as Error).name === 'NotSupportedError') {
      throw new CoseError(`this runtime cannot verify ${cose.algorithm} signatures (WebCrypto)`);
    }
    return false;
  }
  try {
    return await crypto.subtle.verify(VERIFY[cose.algorithm], key, copy(cose.signature), copy(toBeSigned));
  } catch {
    return false;
  }
}

const VERIFY_KEY = { es256: { name: 'ECDSA', namedCurve: 'P-256' }, ed25519: { name: 'Ed25519' } } as const;
const VERIFY = { es256: { name: 'ECDSA', hash: 'SHA-256' }, ed25519: { name: 'Ed25519' } } as const;

/** A copy on an ArrayBuffer of its own: the DOM library's BufferSource takes no other. */
const copy = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

export const sigStructure = (protectedBytes: Uint8Array, payload: Uint8Array): Uint8Array =>
  encode(['Signature1', protectedBytes, new Uint8Array(0), payload]);
