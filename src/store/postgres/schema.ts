import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PLANS, SUBSCRIPTION_STATUSES } from '../port/values.js';

/**
 * The PostgreSQL schema: the SQLite schema (../sqlite/schema.ts) table for table, column for column, with the same
 * names, constraints and indexes (test/store/schema-parity.test.ts holds them equal), plus `limiter_records`, which
 * only a shared database needs. Times are Unix milliseconds in `bigint` columns, read as JavaScript numbers.
 */

/** A JavaScript number in an int8 column: Unix ms and balances stay below 2^53 (MAX_BALANCE). */
const int8 = (name: string) => bigint(name, { mode: 'number' });

/**
 * SQLite's implicit `rowid`, made explicit where listings order by it (rows created in the same millisecond are
 * listed as inserted): PostgreSQL has no stable row order of its own.
 */
const insertionOrder = () => int8('rowid').notNull().generatedByDefaultAsIdentity();

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    usernameKey: text('username_key'),
    usernameKeyCased: text('username_key_cased'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    passwordHash: text('password_hash').notNull(),
    sessionEpoch: integer('session_epoch').notNull().default(0),
    emailVerifiedAt: int8('email_verified_at'),
    plan: text('plan', { enum: PLANS }).notNull().default('free'),
    subscriptionStatus: text('subscription_status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('active'),
    renewsAt: int8('renews_at'),
    balance: int8('balance').notNull().default(0),
    suspendedAt: int8('suspended_at'),
    suspensionReason: text('suspension_reason'),
    createdAt: int8('created_at').notNull(),
    updatedAt: int8('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    check('users_balance_non_negative', sql`${table.balance} >= 0`),
    uniqueIndex('users_username_key_unique').on(table.usernameKey),
    uniqueIndex('users_username_key_cased_unique').on(table.usernameKeyCased),
  ],
);

export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: int8('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: int8('expires_at').notNull(),
    usedAt: int8('used_at'),
    createdAt: int8('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('email_verifications_token_hash_unique').on(table.tokenHash),
    index('email_verifications_user_idx').on(table.userId),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: int8('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: int8('expires_at').notNull(),
    usedAt: int8('used_at'),
    createdAt: int8('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('password_resets_token_hash_unique').on(table.tokenHash),
    index('password_resets_user_idx').on(table.userId),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    sessionEpoch: integer('session_epoch').notNull().default(0),
    tokenHash: text('token_hash').notNull(),
    expiresAt: int8('expires_at').notNull(),
    rotatedAt: int8('rotated_at'),
    revokedAt: int8('revoked_at'),
    createdAt: int8('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_token_hash_unique').on(table.tokenHash),
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
  ],
);

export const channels = pgTable(
  'channels',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sealedKey: bytea('sealed_key').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: int8('created_at').notNull(),
    deactivatedAt: int8('deactivated_at'),
    /** the owner lists the channel's signing keys in the public key set (/.well-known/wm-keys.json) */
    keysPublic: boolean('keys_public').notNull().default(false),
    /** the name the key set gives the channel's keys; null: the channel name */
    signerName: text('signer_name'),
    signerKey: text('signer_key'),
    signerKeyCased: text('signer_key_cased'),
    publicationApprovedAt: int8('publication_approved_at'),
    rowid: insertionOrder(),
  },
  (table) => [
    uniqueIndex('channels_user_name_unique').on(table.userId, table.name),
    uniqueIndex('channels_signer_key_unique').on(table.signerKey),
    uniqueIndex('channels_signer_key_cased_unique').on(table.signerKeyCased),
  ],
);

/** Ed25519 signing keys of channels: the current one (retired_at null) and the retired ones, kept for verifying. */
export const signingKeys = pgTable(
  'signing_keys',
  {
    keyId: text('key_id').primaryKey(),
    channelId: text('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    publicKey: bytea('public_key').notNull(),
    sealedSeed: bytea('sealed_seed').notNull(),
    createdAt: int8('created_at').notNull(),
    retiredAt: int8('retired_at'),
    rowid: insertionOrder(),
  },
  (table) => [
    index('signing_keys_channel_idx').on(table.channelId),
    // at most one current key per channel, even under concurrent rotations
    uniqueIndex('signing_keys_one_current')
      .on(table.channelId)
      .where(sql`${table.retiredAt} IS NULL`),
  ],
);

/** A channel's C2PA signing certificate (at most one): its chain in PEM and its private key, sealed. */
export const c2paCertificates = pgTable(
  'c2pa_certificates',
  {
    channelId: text('channel_id')
      .primaryKey()
      .references(() => channels.id, { onDelete: 'cascade' }),
    chainPem: text('chain_pem').notNull(),
    sealedKey: bytea('sealed_key').notNull(),
    origin: text('origin', { enum: ['made', 'imported'] }).notNull(),
    createdAt: int8('created_at').notNull(),
  },
  (table) => [check('c2pa_certificates_origin', sql`${table.origin} in ('made', 'imported')`)],
);

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    tokenPrefix: text('token_prefix').notNull(),
    permissions: text('permissions').notNull(),
    channelId: text('channel_id').references(() => channels.id, { onDelete: 'cascade' }),
    sign: boolean('sign').notNull().default(false),
    encrypt: boolean('encrypt').notNull().default(true),
    createdAt: int8('created_at').notNull(),
    lastUsedAt: int8('last_used_at'),
    rowid: insertionOrder(),
  },
  (table) => [
    uniqueIndex('api_tokens_token_hash_unique').on(table.tokenHash),
    index('api_tokens_user_idx').on(table.userId),
    index('api_tokens_channel_idx').on(table.channelId),
  ],
);

export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: int8('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    operation: text('operation').notNull(),
    credits: int8('credits').notNull(),
    balanceAfter: int8('balance_after').notNull(),
    tokenId: text('token_id'),
    createdAt: int8('created_at').notNull(),
  },
  (table) => [index('credit_ledger_user_time_idx').on(table.userId, table.createdAt)],
);

export const usageCounters = pgTable(
  'usage_counters',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodStart: int8('period_start').notNull(),
    requestsMade: integer('requests_made').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.periodStart] })],
);

/** Retention: one row once credit history has been deleted, saying from when on the history is complete. */
export const ledgerRetention = pgTable(
  'ledger_retention',
  {
    id: integer('id').primaryKey(),
    completeSince: int8('complete_since').notNull(),
  },
  (table) => [check('ledger_retention_one_row', sql`${table.id} = 1`)],
);

/**
 * The password-attempt counters of every instance (src/store/limiter-state.ts): one JSON record per key, updated
 * under a row lock. PostgreSQL only: one SQLite process keeps them in memory.
 */
export const limiterRecords = pgTable(
  'limiter_records',
  {
    key: text('key').primaryKey(),
    value: text('value'),
    expiresAt: int8('expires_at').notNull(),
  },
  (table) => [index('limiter_records_expires_idx').on(table.expiresAt)],
);

/** Documents whose copies were issued: as in SQLite (ids never reused: an identity). */
export const documents = pgTable(
  'documents',
  {
    id: int8('id').primaryKey().generatedByDefaultAsIdentity(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    characters: integer('characters').notNull(),
    fingerprintVersion: integer('fingerprint_version').notNull(),
    fingerprintHashes: integer('fingerprint_hashes').notNull(),
    fingerprint: bytea('fingerprint').notNull(),
    createdAt: int8('created_at').notNull(),
  },
  (table) => [index('documents_owner_idx').on(table.ownerId, table.createdAt)],
);

/** The index of keyed hashes → documents: the primary key is the index (no foreign key, as in SQLite). */
export const documentHashes = pgTable(
  'document_hashes',
  {
    hash: integer('hash').notNull(),
    documentId: int8('document_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.hash, table.documentId] })],
);

export const copies = pgTable(
  'copies',
  {
    id: text('id').primaryKey(),
    documentId: int8('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    recipient: text('recipient').notNull(),
    /** null: sealed with the account's copy-mark key; a channel: issued before copy-mark keys, with its key */
    channelId: text('channel_id').references(() => channels.id, { onDelete: 'cascade' }),
    marks: text('marks').notNull(),
    createdAt: int8('created_at').notNull(),
  },
  (table) => [uniqueIndex('copies_document_position_unique').on(table.documentId, table.position)],
);

/** The visible variants of a document: as in SQLite (nothing secret, no text, no copy's choices). */
export const documentVariants = pgTable('document_variants', {
  documentId: int8('document_id')
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  salt: bytea('salt').notNull(),
  record: bytea('record').notNull(),
  classes: text('classes').notNull(),
  sites: integer('sites').notNull(),
  positions: integer('positions').notNull(),
});

export const fingerprintKeys = pgTable('fingerprint_keys', {
  ownerId: text('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedKey: bytea('sealed_key').notNull(),
  createdAt: int8('created_at').notNull(),
});

export const schema = {
  users,
  emailVerifications,
  passwordResets,
  refreshTokens,
  channels,
  signingKeys,
  c2paCertificates,
  apiTokens,
  creditLedger,
  usageCounters,
  ledgerRetention,
  limiterRecords,
  documents,
  documentHashes,
  copies,
  documentVariants,
  fingerprintKeys,
};
