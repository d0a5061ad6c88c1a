import { sql } from 'drizzle-orm';
import { blob, check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { PLANS, SUBSCRIPTION_STATUSES } from '../port/values.js';

/** Times are stored as Unix milliseconds. Secrets are stored only as SHA-256 hashes or encrypted. */

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** trimmed and lower-cased */
    email: text('email').notNull().unique(),
    username: text('username').notNull(),
    /**
     * the username's two confusable-name keys (packages/codec/src/unicode/name-key.ts): no two accounts share one; null
     * until set (accounts of an older release get theirs when a server starts)
     */
    usernameKey: text('username_key'),
    usernameKeyCased: text('username_key_cased'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** PHC-style `$scrypt$ln=17,r=8,p=1,norm=nfkc$salt$hash` (older hashes: no `norm`, made from the NFC form) */
    passwordHash: text('password_hash').notNull(),
    /**
     * Raised by every password change: access tokens carry the value they were issued under, refresh sessions the
     * value they were started under, and either is refused once it is no longer the current one.
     */
    sessionEpoch: integer('session_epoch').notNull().default(0),
    emailVerifiedAt: integer('email_verified_at'),
    plan: text('plan', { enum: PLANS }).notNull().default('free'),
    subscriptionStatus: text('subscription_status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('active'),
    renewsAt: integer('renews_at'),
    balance: integer('balance').notNull().default(0),
    /** set while a payment dispute is open */
    suspendedAt: integer('suspended_at'),
    suspensionReason: text('suspension_reason'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [
    // the last line of defence: even a faulty charge can never leave a negative balance
    check('users_balance_non_negative', sql`${table.balance} >= 0`),
    uniqueIndex('users_username_key_unique').on(table.usernameKey),
    uniqueIndex('users_username_key_cased_unique').on(table.usernameKeyCased),
  ],
);

export const emailVerifications = sqliteTable(
  'email_verifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('email_verifications_user_idx').on(table.userId)],
);

/** Single-use links to set a new password (forgot password); the secret is kept as its SHA-256 only. */
export const passwordResets = sqliteTable(
  'password_resets',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('password_resets_user_idx').on(table.userId)],
);

export const refreshTokens = sqliteTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** all tokens descending from one login share a family; reuse of a rotated one revokes the family */
    familyId: text('family_id').notNull(),
    /** the user's `session_epoch` when the family was started (by a login that checked the password) */
    sessionEpoch: integer('session_epoch').notNull().default(0),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: integer('expires_at').notNull(),
    rotatedAt: integer('rotated_at'),
    revokedAt: integer('revoked_at'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('refresh_tokens_family_idx').on(table.familyId), index('refresh_tokens_user_idx').on(table.userId)],
);

export const channels = sqliteTable(
  'channels',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /**
     * the 32-byte channel key sealed with AES-256-GCM under the master-derived wrapping key: nonce | ciphertext | tag
     */
    sealedKey: blob('sealed_key', { mode: 'buffer' }).notNull(),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    createdAt: integer('created_at').notNull(),
    deactivatedAt: integer('deactivated_at'),
    /** the owner lists the channel's signing keys in the public key set (/.well-known/wm-keys.json) */
    keysPublic: integer('keys_public', { mode: 'boolean' }).notNull().default(false),
    /** the name the key set gives the channel's keys; null: the channel name */
    signerName: text('signer_name'),
    /**
     * the confusable-name keys of the name the channel publishes under, held while its owner asks for publication:
     * no two channels of the server share one
     */
    signerKey: text('signer_key'),
    signerKeyCased: text('signer_key_cased'),
    /** when the operator approved publishing the keys under that name; null: not approved (or the name changed) */
    publicationApprovedAt: integer('publication_approved_at'),
  },
  (table) => [
    uniqueIndex('channels_user_name_unique').on(table.userId, table.name),
    uniqueIndex('channels_signer_key_unique').on(table.signerKey),
    uniqueIndex('channels_signer_key_cased_unique').on(table.signerKeyCased),
  ],
);

/** Ed25519 signing keys of channels: the current one (retired_at null) and the retired ones, kept for verifying. */
export const signingKeys = sqliteTable(
  'signing_keys',
  {
    /** 16 hex digits, a hash of the public key: the id a signed mark names */
    keyId: text('key_id').primaryKey(),
    channelId: text('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    publicKey: blob('public_key', { mode: 'buffer' }).notNull(),
    /** the 32-byte private seed sealed with AES-256-GCM under the master-derived wrapping key:
     * nonce | ciphertext | tag */
    sealedSeed: blob('sealed_seed', { mode: 'buffer' }).notNull(),
    createdAt: integer('created_at').notNull(),
    retiredAt: integer('retired_at'),
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
export const c2paCertificates = sqliteTable(
  'c2pa_certificates',
  {
    channelId: text('channel_id')
      .primaryKey()
      .references(() => channels.id, { onDelete: 'cascade' }),
    chainPem: text('chain_pem').notNull(),
    /** the PKCS #8 DER private key sealed with AES-256-GCM under the master-derived wrapping key */
    sealedKey: blob('sealed_key', { mode: 'buffer' }).notNull(),
    origin: text('origin', { enum: ['made', 'imported'] }).notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [check('c2pa_certificates_origin', sql`${table.origin} in ('made', 'imported')`)],
);

export const apiTokens = sqliteTable(
  'api_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    tokenPrefix: text('token_prefix').notNull(),
    /** comma-separated subset of encode,decode */
    permissions: text('permissions').notNull(),
    channelId: text('channel_id').references(() => channels.id, { onDelete: 'cascade' }),
    /** the token signs its marks with its channel's current signing key */
    sign: integer('sign', { mode: 'boolean' }).notNull().default(false),
    /** a channel's token encrypts its marks with the channel key; only a signing token may be made without */
    encrypt: integer('encrypt', { mode: 'boolean' }).notNull().default(true),
    createdAt: integer('created_at').notNull(),
    lastUsedAt: integer('last_used_at'),
  },
  (table) => [index('api_tokens_user_idx').on(table.userId), index('api_tokens_channel_idx').on(table.channelId)],
);

/** The credit history: grants (positive) and successful watermark operations (negative or 0). */
export const creditLedger = sqliteTable(
  'credit_ledger',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** a watermark operation (WATERMARK_OPERATIONS, src/domain/types.ts), signup-grant or grant */
    operation: text('operation').notNull(),
    credits: integer('credits').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** the API token used; kept as plain text because tokens are deleted on revocation */
    tokenId: text('token_id'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('credit_ledger_user_time_idx').on(table.userId, table.createdAt)],
);

/**
 * Successful watermark operations per user and quota period, incremented in the charge's transaction, so a quota
 * check reads one row instead of counting the month's ledger rows.
 */
export const usageCounters = sqliteTable(
  'usage_counters',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the first instant of the period (a calendar month in UTC) */
    periodStart: integer('period_start').notNull(),
    requestsMade: integer('requests_made').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.periodStart] })],
);

/**
 * Retention (wm db prune, wm serve --usage-retention): one row once credit history has been deleted, saying from
 * when on the history is complete; older entries may be gone.
 */
export const ledgerRetention = sqliteTable(
  'ledger_retention',
  {
    /** always 1: the table holds one row at most */
    id: integer('id').primaryKey(),
    completeSince: integer('complete_since').notNull(),
  },
  (table) => [check('ledger_retention_one_row', sql`${table.id} = 1`)],
);

/**
 * Documents whose copies were issued (docs/TRACING.md): their copies share the visible text, so one keyed
 * fingerprint serves them all. The text itself is never stored. AUTOINCREMENT: an id is never reused, so no hash
 * row left behind can ever point at another document.
 */
export const documents = sqliteTable(
  'documents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the file name or label given at issue */
    name: text('name').notNull(),
    /** visible characters (code points) of the text issued */
    characters: integer('characters').notNull(),
    fingerprintVersion: integer('fingerprint_version').notNull(),
    /** how many hashes the fingerprint holds: the denominator of coverage */
    fingerprintHashes: integer('fingerprint_hashes').notNull(),
    /** the keyed hashes, 4 bytes each (big-endian), to delete or copy its index rows */
    fingerprint: blob('fingerprint', { mode: 'buffer' }).notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('documents_owner_idx').on(table.ownerId, table.createdAt)],
);

/**
 * The index of keyed hashes → documents that tracing reads (WITHOUT ROWID: the primary key is the table). No
 * foreign key: checking one on every delete of a document would scan this table; rows are deleted with their
 * document, by primary key, from its fingerprint.
 */
export const documentHashes = sqliteTable(
  'document_hashes',
  {
    hash: integer('hash').notNull(),
    documentId: integer('document_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.hash, table.documentId] })],
);

/** One row per copy issued; the recipient is named only through the keyed mark that carries the copy id. */
export const copies = sqliteTable(
  'copies',
  {
    /** the copy id: random, the secret of the copy's marks (never the recipient) */
    id: text('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** its place among the copies of its document, in the order they were issued */
    position: integer('position').notNull(),
    /** the label given (an email address, a name) */
    recipient: text('recipient').notNull(),
    /**
     * null: the marks are sealed with the account's copy-mark key; a channel: copies issued before copy-mark keys,
     * sealed with that channel's key (docs/TRACING.md, "Copies issued before round four")
     */
    channelId: text('channel_id').references(() => channels.id, { onDelete: 'cascade' }),
    /** JSON: which marks were written (CopyMarks) */
    marks: text('marks').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [uniqueIndex('copies_document_position_unique').on(table.documentId, table.position)],
);

/**
 * A document whose copies carry visible variants (docs/TRACING.md, "Visible variants"): what reading a leak needs,
 * never the text nor any copy's choices (they follow from the key and the copy id). Nothing here is secret: the
 * document's variant key is derived from the owner's copies secret with the salt (HKDF).
 */
export const documentVariants = sqliteTable('document_variants', {
  documentId: integer('document_id')
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  /** 16 random bytes: the salt of the document's variant key */
  salt: blob('salt', { mode: 'buffer' }).notNull(),
  /** the codec's variant record (docs/FORMAT.md): table version, collusion level, keyed site and unit ids */
  record: blob('record', { mode: 'buffer' }).notNull(),
  /** JSON: the classes the issuer turned on */
  classes: text('classes').notNull(),
  sites: integer('sites').notNull(),
  /** independent choices (bits) of the code */
  positions: integer('positions').notNull(),
});

/**
 * Each owner's fingerprint key, sealed with the master key as channel keys are (and re-sealed by master-key
 * rotation: fingerprints cannot be recomputed without the texts, so the key must outlive a rotation).
 */
export const fingerprintKeys = sqliteTable('fingerprint_keys', {
  ownerId: text('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedKey: blob('sealed_key', { mode: 'buffer' }).notNull(),
  createdAt: integer('created_at').notNull(),
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
  documents,
  documentHashes,
  copies,
  documentVariants,
  fingerprintKeys,
};

/** Orders rows of one table as inserted, e.g. as a tie-break between rows created in the same millisecond. */
export const insertionOrder = sql`rowid`;
