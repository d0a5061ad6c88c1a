/**
 * Verification alone, without node:crypto: what runs in a browser (the checker page) as on Node.js (`wm verify`, the
 * server). WebCrypto verifies the signatures, @peculiar/x509 the certificates, noble the SHA-256 hashes.
 */
export { parseCertificates, signerOf, type CredentialStatus, type SignerIdentity } from './credential-check.js';
export type { DeclaredAction } from './actions.js';
export type { SigningAlgorithm } from './cose.js';
export { CredentialError } from './errors.js';
export type { StatusCode, StatusEntry } from './status.js';
export { verifyText, type C2paState, type C2paVerification, type VerifyTextOptions } from './verify-text.js';
