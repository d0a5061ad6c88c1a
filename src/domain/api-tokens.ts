import { randomUUID } from 'node:crypto';
import type { ApiTokenRow, ChannelRow } from '../store/index.js';
import { displayPrefixOf, generateApiTokenSecret } from './api-token-secret.js';
import type { DomainContext } from './context.js';
import { DomainError, invalid } from './errors.js';
import { hashSecret } from './secrets.js';
import {
  PERMISSIONS,
  type ApiTokenMetadata,
  type ApiTokenWithSecret,
  type CreateTokenInput,
  type Permission,
} from './types.js';
import { iso, isoOrNull, requireActiveUser } from './users.js';
import { requireValid, tokenNameProblem } from './validation.js';

/** One page of an account's tokens, oldest first: at most `limit` after the token `after` (an id). */
export interface TokenPageRequest {
  limit?: number;
  after?: string;
}

export interface TokenPage {
  tokens: ApiTokenMetadata[];
  /** the id to ask for the next page with (`after`), or null on the last page */
  next: string | null;
}

export interface ApiTokens {
  /**
   * Creates a token; the secret is in the result and nowhere else, ever. An account holds at most
   * `apiTokensPerAccount` tokens (PLAN_LIMIT, `details.limit`): revoke one to make room.
   */
  create(userId: string, input: CreateTokenInput): Promise<ApiTokenWithSecret>;
  /** The account's tokens, oldest first: the first page. */
  list(userId: string): Promise<ApiTokenMetadata[]>;
  /** A page of the account's tokens (default and largest page: `apiTokensPerAccount`). Unknown `after`: VALIDATION. */
  page(userId: string, page: TokenPageRequest): Promise<TokenPage>;
  /** Deletes the token at once. Another user's token: FORBIDDEN; unknown id: NOT_FOUND. */
  revoke(userId: string, tokenId: string): Promise<void>;
}

export function createApiTokens(context: DomainContext): ApiTokens {
  return {
    create: async (userId, input) => {
      await requireActiveUser(context, userId);
      return insertApiToken(context, userId, input);
    },
    list: async (userId) => {
      await requireActiveUser(context, userId);
      return listTokenMetadata(context, userId);
    },
    page: async (userId, page) => {
      await requireActiveUser(context, userId);
      return tokenPage(context, userId, page);
    },
    revoke: async (userId, tokenId) => {
      await requireActiveUser(context, userId);
      const id = canonicalTokenId(tokenId);
      const row = id === undefined ? undefined : await context.store.apiTokens.byId(id);
      if (!row) throw noSuchToken();
      if (row.userId !== userId) throw new DomainError('FORBIDDEN', 'The API token belongs to another account');
      await deleteApiToken(context, row.id);
    },
  };
}

/** The one implementation of token creation (also used by `wm tokens create`). */
export async function insertApiToken(
  context: DomainContext,
  userId: string,
  input: CreateTokenInput,
): Promise<ApiTokenWithSecret> {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  const permissions = normalisePermissions(input.permissions);
  const channelId = input.signing_channel_id ?? null;
  const sign = input.sign ?? false;
  const encrypt = input.encrypt ?? true;
  const channel = channelId === null ? undefined : await context.store.channels.ofUser(userId, channelId);
  requireValid({
    name: tokenNameProblem(name),
    permissions: permissions ? undefined : `Permissions must be a non-empty subset of ${PERMISSIONS.join(', ')}`,
    signing_channel_id: channelId === null ? undefined : channelProblem(channel),
    sign: await signProblem(context, sign, channel),
    encrypt: encryptProblem(encrypt, sign),
  });
  const secret = generateApiTokenSecret();
  const limit = context.config.apiTokensPerAccount;
  // counted and inserted in one unit of work: concurrent creations cannot pass the limit together
  const row = await context.store.transaction(async (tx) => {
    if ((await tx.apiTokens.countOf(userId)) >= limit) {
      throw new DomainError('PLAN_LIMIT', `An account holds at most ${limit} API tokens: revoke one to make room`, {
        details: { limit: String(limit) },
      });
    }
    return tx.apiTokens.insert({
      id: randomUUID(),
      userId,
      name,
      tokenHash: hashSecret(secret),
      tokenPrefix: displayPrefixOf(secret),
      permissions: permissions!,
      channelId,
      sign,
      encrypt,
      createdAt: context.now().getTime(),
    });
  });
  return { ...toMetadata(row), token: secret };
}

/** The account's first tokens, as many as a page holds (the profile and the operator's listing show these). */
export async function listTokenMetadata(context: DomainContext, userId: string): Promise<ApiTokenMetadata[]> {
  return (await tokenPage(context, userId)).tokens;
}

async function tokenPage(context: DomainContext, userId: string, page: TokenPageRequest = {}): Promise<TokenPage> {
  const most = context.config.apiTokensPerAccount;
  const limit = page.limit ?? most;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > most) {
    throw invalid({ limit: `must be a whole number from 1 to ${most}` }, `limit must be from 1 to ${most}`);
  }
  // an account holds at most `most` tokens (more only if it had them before the limit): the list is small
  const all = await context.store.apiTokens.listOf(userId);
  let start = 0;
  if (page.after !== undefined) {
    const after = canonicalTokenId(page.after);
    const at = all.findIndex((row) => row.id === after);
    if (at < 0) throw invalid({ after: 'is not one of your API tokens' }, 'after names no token of yours');
    start = at + 1;
  }
  const rows = all.slice(start, start + limit);
  const more = start + limit < all.length;
  return { tokens: rows.map(toMetadata), next: more ? rows.at(-1)!.id : null };
}

const TOKEN_ID = /^(?:tok_)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * A token id as given by a client: the canonical form is the bare UUID that every response carries; the `tok_`
 * prefix the interface allows is accepted too. Undefined when it is neither.
 */
export function canonicalTokenId(given: string): string | undefined {
  return TOKEN_ID.exec(given)?.[1]!.toLowerCase();
}

const noSuchToken = () => new DomainError('NOT_FOUND', 'No such API token');

/** Deletes a token by id (either form) and returns its canonical id; NOT_FOUND when there is none. */
export async function deleteApiToken(context: DomainContext, tokenId: string): Promise<string> {
  const id = canonicalTokenId(tokenId);
  if (id === undefined || !(await context.store.apiTokens.delete(id))) throw noSuchToken();
  return id;
}

export function toMetadata(row: ApiTokenRow): ApiTokenMetadata {
  return {
    id: row.id,
    name: row.name,
    permissions: row.permissions as Permission[],
    token_prefix: row.tokenPrefix,
    signing_channel_id: row.channelId,
    sign: row.sign,
    encrypt: row.channelId !== null && row.encrypt,
    created_at: iso(row.createdAt),
    last_used_at: isoOrNull(row.lastUsedAt),
  };
}

/** Sorted, de-duplicated permissions, or undefined when empty or containing an unknown value. */
function normalisePermissions(value: unknown): Permission[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  if (!value.every((p): p is Permission => (PERMISSIONS as readonly unknown[]).includes(p))) return undefined;
  return PERMISSIONS.filter((p) => value.includes(p));
}

function channelProblem(channel: ChannelRow | undefined): string | undefined {
  if (!channel) return 'No channel with this id in your account';
  if (!channel.isActive) return 'The channel is deactivated; new tokens need an active channel';
  return undefined;
}

function encryptProblem(encrypt: unknown, sign: unknown): string | undefined {
  if (typeof encrypt !== 'boolean') return 'must be true or false';
  // a channel token that neither encrypts nor signs would be an unkeyed token under another name
  if (!encrypt && sign !== true) return 'encrypt false is for signing tokens only (sign true)';
  return undefined;
}

async function signProblem(
  context: DomainContext,
  sign: unknown,
  channel: ChannelRow | undefined,
): Promise<string | undefined> {
  if (typeof sign !== 'boolean') return 'must be true or false';
  if (!sign || !channel) return sign ? 'A signing token needs a channel (signing_channel_id)' : undefined;
  if (!(await context.store.signingKeys.currentOf(channel.id))) {
    return 'The channel has no signing key: give it one first';
  }
  return undefined;
}
