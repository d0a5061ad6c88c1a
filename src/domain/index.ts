/**
 * The service's rules, shared by the CLI and the server. Construct with `createDomain({ store, masterKey, config })`
 * on a store; `openDomain({ home })` (src/data-folder/) opens a data folder's store and master key first.
 */
export { createDomain } from './create-domain.js';
export type { Domain, CreateDomainOptions, DomainObserver } from './create-domain.js';
export { parseRetention, type PruneResult, type Retention } from './retention.js';
export { BackupError, isBackupError } from './backup-error.js';
export { DEFAULT_CONFIG, OWASP_SCRYPT_LOG_N, resolveConfig, configFromEnv } from './config.js';
export type { DomainConfig } from './config.js';
export { DomainError, isDomainError } from './errors.js';
export { FIELD_LIMITS, PASSWORD_MIN, isValidEmail } from './validation.js';
export type { DomainErrorCode, DomainErrorOptions } from './errors.js';
export type { Accounts, NewAccount } from './accounts.js';
export type { Admin } from './admin.js';
export type { ApiTokens } from './api-tokens.js';
export type { Channels } from './channels.js';
export type { C2paCertificateInfo, ImportC2paCertificate, MakeC2paCertificate } from './c2pa-certificates.js';
export type { Credits } from './credits.js';
export type { CurrentToken, TokenDescription } from './current-token.js';
export type { Sessions } from './sessions.js';
export type { Recovery, RecoveryLink, RecoveryMail } from './recovery.js';
export type { PublicKeys } from './signing-keys.js';
export type {
  Watermark,
  WatermarkCaller,
  EncodeInput,
  EncodeRobustInput,
  DecodeInput,
  AnalyzeInput,
} from './watermark.js';
export { API_TOKEN_PREFIX } from './api-token-secret.js';
export * from './types.js';
