/** The shapes of the API's responses the dashboard reads (the HTTP contract, docs/SERVER.md and /openapi.json). */

export type Plan = 'free' | 'starter' | 'pro';
export type Permission = 'encode' | 'decode';

export interface User {
  id: string;
  email: string;
  username: string;
  firstName?: string;
  lastName?: string;
  plan: Plan;
}

export interface Quota {
  requests_made: number;
  requests_limit: number;
  requests_remaining: number;
  resets_at: string;
}

export interface Profile {
  user: User;
  quota: Quota;
}

export interface Balance {
  balance: number;
  plan: Plan;
  subscription_status: 'active' | 'past_due' | 'paused' | 'cancelled' | 'expired';
  renews_at: string | null;
  /** credits one successful operation uses on this server */
  cost_per_operation: number;
}

export interface ApiToken {
  id: string;
  name: string;
  permissions: Permission[];
  token_prefix: string;
  signing_channel_id: string | null;
  /** signs its marks with the channel's signing key */
  sign: boolean;
  /** encrypts its marks with the channel's key */
  encrypt: boolean;
  created_at: string;
  last_used_at: string | null;
}

export interface CreatedApiToken extends ApiToken {
  token: string;
}

/** The public part of a channel's Ed25519 signing key. */
export interface SigningKey {
  key_id: string;
  public_key: string;
  created_at: string;
  /** null for the current key */
  retired_at: string | null;
}

export interface Channel {
  id: string;
  channel_name: string;
  is_active: boolean;
  created_at: string;
  active_tokens: number;
  /** newest first: the current key, then the retired ones */
  signing_keys: SigningKey[];
  /** listed in /.well-known/wm-keys.json */
  keys_public: boolean;
  /** the name the key set gives the keys; null: channel_name */
  signer_name: string | null;
}

export interface UsageRecord {
  /** opaque */
  id: string;
  operation: string;
  credits: number;
  balance_after: number;
  token_id: string | null;
  created_at: string;
}

export interface UsagePage {
  usage: UsageRecord[];
  next_before: string | null;
  /** the server's retention removed the records older than this (absent from servers without retention) */
  pruned_before?: string | null;
}

export interface DailyUsage {
  date: string;
  operations: number;
  credits: number;
}

/** The error body of every failed request. */
export interface ErrorBody {
  error: string;
  message?: string;
  details?: Record<string, string> | string;
  required_length?: number;
  checkout_url?: string;
  balance?: number;
}

/** Issued copies (docs/TRACING.md): the answers of /api/v2/tokens/:tokenId/copies… */
export interface CopiesDocument {
  id: number;
  name: string;
  characters: number;
  created_at: string;
}

export interface IssueCopiesResult {
  document: CopiesDocument & { fingerprint_hashes: number };
  copies: {
    copy_id: string;
    recipient: string;
    text: string;
    file_name: string;
    marks: { vs_frames: number; robust_marks: number };
  }[];
}

export interface ListCopiesResult {
  documents: (CopiesDocument & { copies: number })[];
}

export interface TraceResult {
  verdict: 'recipient' | 'document' | 'not_found';
  message: string;
  recipients: {
    recipient: string;
    copy_id: string;
    document: CopiesDocument;
    issued_at: string;
    evidence: { vs_frames: number; robust: { copies_found: number; copies_agreeing: number }[] };
  }[];
  documents: { document: CopiesDocument; similarity: number; coverage: number }[];
}
