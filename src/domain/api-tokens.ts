import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { apiTokens, channels, insertionOrder } from '../store/index.js';
import { displayPrefixOf, generateApiTokenSecret } from './api-token-secret.js';
import type { DomainContext } from './context.js';
import { DomainError } from './errors.js';
import { hashSecret } from './secrets.js';
import { PERMISSIONS, type ApiTokenMetadata, type ApiTokenWithSecret, type CreateTokenInput, type Permission } from './types.js';
import { iso, isoOrNull, requireActiveUser } from './users.js';
import { requireValid, tokenNameProblem } from './validation.js';

export interface ApiTokens {
  /** Creates a token; the secret is in the result and nowhere else, ever. */
  create(userId: string, input: CreateTokenInput): ApiTokenWithSecret;
  list(userId: string): ApiTokenMetadata[];
  /** Deletes the token at once. Another user's token: FORBIDDEN; unknown id: NOT_FOUND. */
  revoke(userId: string, tokenId: string): void;
}

type TokenRow = typeof apiTokens.$inferSelect;

export function createApiTokens(context: DomainContext): ApiTokens {
  return {
    create: (userId, input) => {
      requireActiveUser(context, userId);
      return insertApiToken(context, userId, input);
    },
    list: (userId) => {
      requireActiveUser(context, userId);
      return listTokenMetadata(context, userId);
    },
    revoke: (userId, tokenId) => {
      requireActiveUser(context, userId);
      const row = context.db.select().from(apiTokens).where(eq(apiTokens.id, tokenId)).get();
      if (!row) throw new DomainError('NOT_FOUND', 'No such API token');
      if (row.userId !== userId) throw new DomainError('FORBIDDEN', 'The API token belongs to another account');
      deleteApiToken(context, tokenId);
    },
  };
}

/** The one implementation of token creation (also used by `wm tokens create`). */
export function insertApiToken(context: DomainContext, userId: string, input: CreateTokenInput): ApiTokenWithSecret {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  const permissions = normalisePermissions(input.permissions);
  const channelId = input.signing_channel_id ?? null;
  requireValid({
    name: tokenNameProblem(name),
    permissions: permissions ? undefined : `Permissions must be a non-empty subset of ${PERMISSIONS.join(', ')}`,
    signing_channel_id: channelId === null ? undefined : channelProblem(context, userId, channelId),
  });
  const secret = generateApiTokenSecret();
  const row = context.db
    .insert(apiTokens)
    .values({
      id: randomUUID(),
      userId,
      name,
      tokenHash: hashSecret(secret),
      tokenPrefix: displayPrefixOf(secret),
      permissions: permissions!.join(','),
      channelId,
      createdAt: context.now().getTime(),
    })
    .returning()
    .get();
  return { ...toMetadata(row), token: secret };
}

export function listTokenMetadata(context: DomainContext, userId: string): ApiTokenMetadata[] {
  return context.db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(asc(apiTokens.createdAt), insertionOrder)
    .all()
    .map(toMetadata);
}

export function deleteApiToken(context: DomainContext, tokenId: string): void {
  const result = context.db.delete(apiTokens).where(eq(apiTokens.id, tokenId)).run();
  if (result.changes === 0) throw new DomainError('NOT_FOUND', 'No such API token');
}

export function toMetadata(row: TokenRow): ApiTokenMetadata {
  return {
    id: row.id,
    name: row.name,
    permissions: row.permissions.split(',') as Permission[],
    token_prefix: row.tokenPrefix,
    signing_channel_id: row.channelId,
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

function channelProblem(context: DomainContext, userId: string, channelId: string): string | undefined {
  const channel = context.db
    .select({ isActive: channels.isActive })
    .from(channels)
    .where(and(eq(channels.id, channelId), eq(channels.userId, userId)))
    .get();
  if (!channel) return 'No signing channel with this id in your account';
  if (!channel.isActive) return 'The signing channel is deactivated; new tokens need an active channel';
  return undefined;
}
