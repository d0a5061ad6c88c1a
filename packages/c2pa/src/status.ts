/**
 * Validation status codes (C2PA 2.x, "Validation": the standard status codes; the two text codes of A.8). A result
 * lists what was checked as success, failure or informational entries, as C2PA validators report them.
 */
export type StatusCode =
  | 'claimSignature.validated'
  | 'claimSignature.mismatch'
  | 'claimSignature.missing'
  | 'signingCredential.trusted'
  | 'signingCredential.untrusted'
  | 'signingCredential.invalid'
  | 'signingCredential.expired'
  | 'assertion.hashedURI.match'
  | 'assertion.hashedURI.mismatch'
  | 'assertion.missing'
  | 'assertion.dataHash.match'
  | 'assertion.dataHash.mismatch'
  | 'assertion.dataHash.malformed'
  | 'assertion.multipleHardBindings'
  | 'assertion.cbor.invalid'
  | 'claim.missing'
  | 'claim.cbor.invalid'
  | 'claim.hardBindings.missing'
  | 'manifest.missing'
  | 'algorithm.unsupported'
  | 'general.error'
  | 'manifest.text.corruptedWrapper'
  | 'manifest.text.multipleWrappers';

export interface StatusEntry {
  code: StatusCode;
  /** the JUMBF URI of what the code is about, when it is one box */
  url?: string;
  explanation?: string;
}

const SUCCESS: ReadonlySet<StatusCode> = new Set([
  'claimSignature.validated',
  'signingCredential.trusted',
  'assertion.hashedURI.match',
  'assertion.dataHash.match',
]);

/** `signingCredential.untrusted` is a failure code, but the one that leaves a manifest "valid" (not "trusted"). */
export const isSuccess = (code: StatusCode): boolean => SUCCESS.has(code);
