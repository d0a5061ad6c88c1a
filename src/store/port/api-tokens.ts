import type { Plan } from './values.js';

/** A watermark API token. Times: Unix ms. */
export interface ApiTokenRow {
  id: string;
  userId: string;
  name: string;
  /** SHA-256 of the secret */
  tokenHash: string;
  /** the secret's leading characters, shown in listings */
  tokenPrefix: string;
  permissions: string[];
  /** the signing channel the token is bound to (keyed mode) */
  channelId: string | null;
  /** the token signs its marks with its channel's current signing key */
  sign: boolean;
  /** a channel's token encrypts its marks with the channel key (false only for some signing tokens) */
  encrypt: boolean;
  createdAt: number;
  lastUsedAt: number | null;
}

/** What a watermark operation needs to know about its caller, read in one go on every request. */
export interface TokenCaller {
  tokenId: string;
  permissions: string[];
  channelId: string | null;
  sign: boolean;
  encrypt: boolean;
  userId: string;
  plan: Plan;
  balance: number;
  emailVerifiedAt: number | null;
  suspendedAt: number | null;
  suspensionReason: string | null;
  /** the account's successful operations in the quota period asked for */
  requestsMade: number;
}

export interface ApiTokenRepository {
  insert(token: Omit<ApiTokenRow, 'lastUsedAt'>): Promise<ApiTokenRow>;
  byId(id: string): Promise<ApiTokenRow | undefined>;
  /** the token whose secret hashes to `tokenHash` */
  byHash(tokenHash: string): Promise<ApiTokenRow | undefined>;
  /** the account's tokens, oldest first */
  listOf(userId: string): Promise<ApiTokenRow[]>;
  countOf(userId: string): Promise<number>;
  /** false when there was no such token */
  delete(id: string): Promise<boolean>;
  /** hot: the token with this hash, its account and the account's count in the period starting at `periodStart` */
  callerByHash(tokenHash: string, periodStart: number): Promise<TokenCaller | undefined>;
}
