/** Public shapes returned by the domain. Field names are the HTTP API's (docs/SERVER.md): faces return them as-is. */
import type { Plan, SubscriptionStatus } from '../store/index.js';
import { WATERMARK_OPERATIONS, type Permission, type WatermarkOperation } from './operation-rules.js';

// the columns' closed lists of values are defined once, by the store that constrains them
export { PLANS, SUBSCRIPTION_STATUSES, type Plan, type SubscriptionStatus } from '../store/index.js';

// every operation and what the domain rules about it (permissions, charges), in a file of its own that the table of
// operations (src/ops) and `wm mcp` read without loading the domain
export { PERMISSIONS, WATERMARK_OPERATIONS, type Permission, type WatermarkOperation } from './operation-rules.js';

/** What a credit history record is of: a watermark operation (a charge) or credits added. */
export type UsageOperation = WatermarkOperation | 'signup-grant' | 'grant';
export const USAGE_OPERATIONS: readonly UsageOperation[] = [...WATERMARK_OPERATIONS, 'signup-grant', 'grant'];

// the limits and verdicts of the issued copies, plain values the shapes of their operations are made of
export { COPIES_LIMITS, TRACE_VERDICTS, type TraceVerdict } from './copies/values.js';

/**
 * The hidden segments a reveal on the server shows at most: each becomes a token of up to ~50 characters, twice (in
 * the segments and in the text), so the answer stays within a few times its body however the text is made. Each is
 * also an object of the answer that the event loop serialises: 10,000 of them in 256 K characters held it 171 ms on
 * a quiet machine (docs/PERFORMANCE.md).
 */
export const MAX_REVEALED_HIDDEN = 2_000;

/**
 * The characters of text a reveal on the server shows at most, per request: its answer holds the text about three
 * times (the segments, the text with tokens, and MCP's copy of it as JSON), all serialised on the event loop, which a
 * megabyte of text holds for a large part of a second; offline `wm reveal` has no bound.
 */
export const MAX_REVEALED_CHARACTERS = 262_144;

/** What one request's reveals may still show: hidden segments and characters of text. */
export interface RevealBudget {
  hidden: number;
  characters: number;
}

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
  /** it holds a C2PA signing certificate (./c2pa-certificates.ts): its tokens sign Content Credentials */
  c2pa_certificate: boolean;
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
