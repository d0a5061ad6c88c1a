import { and, count, eq, exists, or } from 'drizzle-orm';
import type { Queryable } from './open-store.js';
import { apiTokens, channels } from './schema.js';

/**
 * The channels of an account that still work, and so count against its plan: the active ones, and the
 * deactivated ones that an API token is still bound to (such a token keeps encoding and decoding with the key).
 */
export function countChannelsInUse(db: Queryable, userId: string): number {
  const boundToken = db.select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.channelId, channels.id));
  const row = db
    .select({ n: count() })
    .from(channels)
    .where(and(eq(channels.userId, userId), or(eq(channels.isActive, true), exists(boundToken))))
    .get();
  return row?.n ?? 0;
}
