export { ACTIONS, SOURCE_TYPES, type DeclaredAction, type FollowingAction, type SourceType } from './actions.js';
export {
  CredentialError,
  newCredentials,
  parseCertificates,
  readCredentials,
  signerOf,
  type CredentialStatus,
  type NewCredentials,
  type NewCredentialsOptions,
  type SignerIdentity,
  type SigningCredentials,
} from './certificates.js';
export type { SigningAlgorithm } from './cose.js';
export { C2paSignError } from './errors.js';
export { signText, type SignedText, type SignTextOptions } from './sign-text.js';
export { SOFT_BINDING_ALGORITHM } from './soft-binding.js';
export type { StatusCode, StatusEntry } from './status.js';
export { verifyText, type C2paState, type C2paVerification, type VerifyTextOptions } from './verify-text.js';
