/** Public shapes returned by the domain. Field names are the HTTP API's (docs/SERVER.md): faces return them as-is. */
import type { Plan, SubscriptionStatus } from '../store/index.js';

// the columns' closed lists of values are defined once, by the store that constrains them
export { PLANS, SUBSCRIPTION_STATUSES, type Plan, type SubscriptionStatus } from '../store/index.js';

export const PERMISSIONS = ['encode', 'decode'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const WATERMARK_OPERATIONS = [
  'encode',
  'encode-robust',
  'decode',
  'decode-robust',
  'analyze',
  // MCP's strip and reveal tools on wm serve (no REST endpoint): metered like analyze
  'strip',
  'reveal',
  // issued copies (docs/TRACING.md): an issue is charged per copy, a trace once whatever it finds
  'issue-copies',
  'trace',
] as const;
export type WatermarkOperation = (typeof WATERMARK_OPERATIONS)[number];

/** What a credit history record is of: a watermark operation (a charge) or credits added. */
export const USAGE_OPERATIONS = [...WATERMARK_OPERATIONS, 'signup-grant', 'grant'] as const;
export type UsageOperation = (typeof USAGE_OPERATIONS)[number];

/**
 * The permissions that allow each operation (any one of them suffices). Here, in the file of plain shapes, so
 * that the table of operations (src/ops) reads it without loading the domain.
 */
export const REQUIRED_PERMISSIONS: Record<WatermarkOperation, readonly Permission[]> = {
  encode: ['encode'],
  'encode-robust': ['encode'],
  decode: ['decode'],
  'decode-robust': ['decode'],
  analyze: ['encode', 'decode'],
  strip: ['encode', 'decode'],
  reveal: ['encode', 'decode'],
  'issue-copies': ['encode'],
  trace: ['decode'],
};

/** Issued copies (docs/TRACING.md): the limits of an issue, here so that the table of operations reads them. */
export const COPIES_LIMITS = {
  /** copies one issue makes at most (each is a marked copy of the whole text in the answer); plans cap less */
  recipients: 1_000,
  /** characters of a recipient's label (an email address fits) */
  recipient: 254,
  documentName: 200,
} as const;

/**
 * What a trace can tell, most first — recipient: copy marks that authenticate name one or more recipients (several:
 * their copies were spliced), each in a text that shares enough of its document's visible text; document: only the
 * fingerprint of the visible text matched, so the document is known and the recipient cannot be told;
 * unconfirmed_mark: a copy's mark authenticates, but the text around it shows too little of that copy's document to
 * confirm it (a mark can be moved onto another text), so it names no one; too_short: too few words to carry a mark or
 * match a fingerprint, so nothing can be said either way; not_found: nothing in it is any document of the caller's.
 */
export const TRACE_VERDICTS = ['recipient', 'document', 'unconfirmed_mark', 'too_short', 'not_found'] as const;
export type TraceVerdict = (typeof TRACE_VERDICTS)[number];

/**
 * The hidden segments a reveal on the server shows at most: each becomes a token of up to ~50 characters, twice (in
 * the segments and in the text), so the answer stays within a few times its body however the text is made.
 */
export const MAX_REVEALED_HIDDEN = 10_000;

/** The spec's User resource (plan included, as login returns it). */
export interface User {
  id: string;
  email: string;
  username: string;
  firstName?: string;
  lastName?: string;
  plan: Plan;
  /** whether the address was confirmed: watermark operations need it (the dashboard says so until it is) */
  email_verified: boolean;
}

/** What admin commands show about a user: the User plus account state. */
export interface UserRecord extends User {
  suspended: boolean;
  suspension_reason: string | null;
  balance: number;
  subscription_status: SubscriptionStatus;
  created_at: string;
}

export interface ApiTokenMetadata {
  id: string;
  name: string;
  permissions: Permission[];
  token_prefix: string;
  /** the bound signing channel, null for an unkeyed token */
  signing_channel_id: string | null;
  /** the token signs its marks with its channel's current signing key */
  sign: boolean;
  /**
   * the token's marks are encrypted with its channel's key: every channel token, except a signing token created
   * with encrypt false (its marks are signed, and readable by anyone); false without a channel
   */
  encrypt: boolean;
  created_at: string;
  last_used_at: string | null;
}

/** Creation response only: the secret is returned once and never again. */
export interface ApiTokenWithSecret extends ApiTokenMetadata {
  token: string;
}

/** The public part of a channel's signing key; the private key is never returned. */
export interface SigningKeyInfo {
  /** 16 hex digits: the id signed marks name */
  key_id: string;
  /** the raw Ed25519 public key, base64url (the `x` of the key set) */
  public_key: string;
  created_at: string;
  /** when a newer key replaced it; null for the current key */
  retired_at: string | null;
}

export interface Channel {
  id: string;
  channel_name: string;
  is_active: boolean;
  created_at: string;
  /** the channel's signing keys, newest first: the current one (retired_at null), then the retired ones */
  signing_keys: SigningKeyInfo[];
  /** the owner asks for the keys to be listed in the server's public key set (/.well-known/wm-keys.json) */
  keys_public: boolean;
  /** the name the key set gives the keys; null: channel_name */
  signer_name: string | null;
  /**
   * the keys are in the key set now: the owner asks for it, the email address is verified, and the operator approved
   * it (or the server trusts every verified account)
   */
  keys_published: boolean;
}

/** A channel that asks for its keys to be published and waits for the operator's approval. */
export interface PendingPublication {
  channel_id: string;
  channel_name: string;
  /** the name its keys would be published under */
  signer_name: string;
  owner_email: string;
  owner_username: string;
  /** an account whose email address is not verified cannot be approved */
  email_verified: boolean;
  created_at: string;
}

/** Creation options beyond the name. */
export interface ChannelOptions {
  /** create the channel with an Ed25519 signing key */
  signing?: boolean;
  keys_public?: boolean;
  signer_name?: string | null;
}

/** What the owner changes about publishing a channel's keys; at least one of them. */
export interface ChannelPublicationChange {
  keys_public?: boolean;
  signer_name?: string | null;
}

export interface ChannelListItem extends Channel {
  /** API tokens bound to this channel (tokens are deleted on revocation, so every existing one is active) */
  active_tokens: number;
}

export interface Quota {
  requests_made: number;
  requests_limit: number;
  requests_remaining: number;
  resets_at: string;
}

export interface CreditBalance {
  balance: number;
  plan: Plan;
  subscription_status: SubscriptionStatus;
  renews_at: string | null;
}

/** One entry of the credit history: grants are positive, watermark operations negative (or 0 when free). */
export interface UsageRecord {
  /** opaque: the ledger row id encrypted (the row ids count every account's charges) */
  id: string;
  operation: UsageOperation;
  credits: number;
  balance_after: number;
  token_id: string | null;
  created_at: string;
}

/** One UTC day of the usage chart. */
export interface DailyUsage {
  /** YYYY-MM-DD (UTC) */
  date: string;
  /** successful watermark operations */
  operations: number;
  /** credits they cost */
  credits: number;
}

export interface Profile {
  user: User;
  api_tokens: ApiTokenMetadata[];
  quota: Quota;
}

export interface RegisterInput {
  email: string;
  username: string;
  password: string;
  firstName?: string;
  lastName?: string;
}

export interface Registration {
  user: User;
  /** the plain email-verification token: mail it, never store it; returned only here */
  verificationToken: string;
  verificationExpiresAt: Date;
}

/** A refresh token (plain, for the cookie) and when it stops working. */
export interface RefreshCredential {
  refreshToken: string;
  refreshExpiresAt: Date;
}

export interface LoginResult extends RefreshCredential {
  user: User;
  accessToken: string;
  accessExpiresAt: Date;
}

export interface RefreshResult extends RefreshCredential {
  accessToken: string;
  accessExpiresAt: Date;
}

/** The caller behind a verified access token. */
export interface AccessPrincipal {
  user: User;
  /** the JWT's jti */
  tokenId: string;
  /** the refresh session (token family) the access token was issued for; logout without the cookie ends it */
  sessionId?: string;
  expiresAt: Date;
}

export interface ProfileUpdate {
  username?: string;
  firstName?: string;
  lastName?: string;
}

export interface CreateTokenInput {
  name: string;
  permissions: Permission[];
  /** bind to one of the owner's active channels; null/undefined gives an unkeyed token */
  signing_channel_id?: string | null;
  /** sign marks with the channel's signing key (needs a channel that has one) */
  sign?: boolean;
  /** default true: a channel token encrypts; false is allowed only with sign (signed marks anyone can read) */
  encrypt?: boolean;
}
