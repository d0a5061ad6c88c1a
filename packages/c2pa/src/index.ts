export { ACTIONS, SOURCE_TYPES, type DeclaredAction, type FollowingAction, type SourceType } from './actions.js';
export {
  newCredentials,
  readCredentials,
  type NewCredentials,
  type NewCredentialsOptions,
  type SigningCredentials,
} from './certificates.js';
export { C2paSignError, CredentialError } from './errors.js';
export { signText, type SignedText, type SignTextOptions } from './sign-text.js';
export { SOFT_BINDING_ALGORITHM } from './soft-binding.js';
export * from './verify.js';
