/**
 * Verification alone: what runs in a browser (the checker page) as on Node.js (`wm verify`). WebCrypto verifies the
 * signatures, @peculiar/x509 the certificates; SHA-256 is node:crypto's, or in a browser build the noble library's
 * (browser-sha256.ts, through the package's `browser` field). Signing, which needs a private key, is not here.
 */
export { parseCertificates, signerOf, type CredentialStatus, type SignerIdentity } from './credential-check.js';
export type { DeclaredAction } from './actions.js';
export type { SigningAlgorithm } from './cose.js';
export { CredentialError } from './errors.js';
export type { StatusCode, StatusEntry } from './status.js';
export { verifyText, type C2paState, type C2paVerification, type VerifyTextOptions } from './verify-text.js';
