export type {
  DatabaseEvents,
  PoolState,
  PostgresSettings,
  Repositories,
  SqliteSettings,
  Store,
  StoreDescription,
  UnitOfWork,
  UnitOfWorkOptions,
} from './store.js';
export type { NewUser, StoredNameKeys, UserChanges, UserRepository, UserRow } from './users.js';
export type {
  EmailVerificationRepository,
  EmailVerificationRow,
  PasswordResetRepository,
  PasswordResetRow,
  RefreshTokenRepository,
  RefreshTokenRow,
} from './sessions.js';
export type { CopyRepository, CopyRow, DocumentRow, DocumentSharingHashes, DocumentVariantsRow } from './copies.js';
export type { ChannelAwaitingApproval, ChannelPublication, ChannelRepository, ChannelRow } from './channels.js';
export type { PublicSigningKeyRow, SigningKeyRepository, SigningKeyRow } from './signing-keys.js';
export type { C2paCertificateRepository, C2paCertificateRow } from './c2pa-certificates.js';
export type { ApiTokenRepository, ApiTokenRow, TokenCaller } from './api-tokens.js';
export type {
  AdmittedCharges,
  ChargeableAccount,
  ChargeRepository,
  DayTotals,
  LedgerRepository,
  LedgerRow,
  NewLedgerEntry,
} from './ledger.js';
export { PLANS, SUBSCRIPTION_STATUSES, type Plan, type SubscriptionStatus } from './values.js';
export { NameTakenError, UnsupportedByStoreError } from './errors.js';
