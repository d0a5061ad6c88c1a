import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import { apiTokens, channels, countChannelsInUse, insertionOrder } from '../store/index.js';
import type { DomainContext } from './context.js';
import { DomainError } from './errors.js';
import { openSealedKey, sealKey } from './keys.js';
import type { Channel, ChannelListItem } from './types.js';
import { iso, requireActiveUser, type UserRow } from './users.js';
import { channelNameProblem, requireValid } from './validation.js';

export interface Channels {
  /**
   * Free plan: PLAN_REQUIRED; the plan's limit of channels in use (active, or deactivated with a live token bound)
   * reached: PLAN_LIMIT; name used in the account: CONFLICT.
   */
  create(userId: string, channelName: string): Channel;
  list(userId: string): ChannelListItem[];
  /** Keeps the key (old watermarks stay decodable) and the bound tokens (they keep working). Unknown: NOT_FOUND. */
  deactivate(userId: string, channelId: string): { id: string; channel_name: string };
}

type ChannelRow = typeof channels.$inferSelect;

const CHANNEL_KEY_BYTES = 32;

export function createChannels(context: DomainContext): Channels {
  return {
    create: (userId, channelName) => insertChannel(context, requireActiveUser(context, userId), channelName),
    list: (userId) => {
      requireActiveUser(context, userId);
      return listChannels(context, userId);
    },
    deactivate: (userId, channelId) => {
      requireActiveUser(context, userId);
      const row = context.db
        .select()
        .from(channels)
        .where(and(eq(channels.id, channelId), eq(channels.userId, userId)))
        .get();
      if (!row) throw new DomainError('NOT_FOUND', 'No such signing channel');
      return deactivateChannel(context, row);
    },
  };
}

/** The one implementation of channel creation (also used by `wm channels create`). */
export function insertChannel(context: DomainContext, owner: UserRow, rawName: string): Channel {
  const name = typeof rawName === 'string' ? rawName.trim() : '';
  requireValid({ channel_name: channelNameProblem(name) });
  const limit = context.config.activeChannelsByPlan[owner.plan];
  if (limit === 0) {
    throw new DomainError('PLAN_REQUIRED', `Signing channels need the starter or pro plan (current plan: ${owner.plan})`);
  }
  const id = randomUUID();
  const sealedKey = sealKey(context.keys.channelWrap, randomBytes(CHANNEL_KEY_BYTES), id);
  // counting and inserting in one immediate transaction: two concurrent creations can't both take the last slot
  const row = context.db.transaction(
    (tx) => {
      if (countChannelsInUse(tx, owner.id) >= limit) {
        throw new DomainError(
          'PLAN_LIMIT',
          `The ${owner.plan} plan allows ${limit} signing channels in use; a deactivated channel counts until the ` +
            'API tokens bound to it are revoked',
          { details: { limit: String(limit) } },
        );
      }
      const taken = tx
        .select({ id: channels.id })
        .from(channels)
        .where(and(eq(channels.userId, owner.id), eq(channels.name, name)))
        .get();
      if (taken) throw conflict(name);
      return tx
        .insert(channels)
        .values({ id, userId: owner.id, name, sealedKey, isActive: true, createdAt: context.now().getTime() })
        .returning()
        .get();
    },
    { behavior: 'immediate' },
  );
  return toChannel(row);
}

export function listChannels(context: DomainContext, userId: string): ChannelListItem[] {
  const tokenCounts = new Map(
    context.db
      .select({ channelId: apiTokens.channelId, n: count() })
      .from(apiTokens)
      .where(eq(apiTokens.userId, userId))
      .groupBy(apiTokens.channelId)
      .all()
      .map((r) => [r.channelId, r.n]),
  );
  return context.db
    .select()
    .from(channels)
    .where(eq(channels.userId, userId))
    .orderBy(asc(channels.createdAt), insertionOrder)
    .all()
    .map((row) => ({ ...toChannel(row), active_tokens: tokenCounts.get(row.id) ?? 0 }));
}

export function deactivateChannel(context: DomainContext, row: ChannelRow): { id: string; channel_name: string } {
  if (row.isActive) {
    context.db
      .update(channels)
      .set({ isActive: false, deactivatedAt: context.now().getTime() })
      .where(eq(channels.id, row.id))
      .run();
  }
  return { id: row.id, channel_name: row.name };
}

export function findChannelByName(context: DomainContext, userId: string, name: string): ChannelRow | undefined {
  return context.db
    .select()
    .from(channels)
    .where(and(eq(channels.userId, userId), eq(channels.name, name.trim())))
    .get();
}

/** Unseals a channel key; only the watermark operations and the offline CLI key resolution call this. */
export function channelKeyOf(context: DomainContext, row: Pick<ChannelRow, 'id' | 'sealedKey'>): Uint8Array {
  return openSealedKey(context.keys.channelWrap, row.sealedKey, row.id);
}

function toChannel(row: ChannelRow): Channel {
  return { id: row.id, channel_name: row.name, is_active: row.isActive, created_at: iso(row.createdAt) };
}

function conflict(name: string): DomainError {
  return new DomainError('CONFLICT', `A signing channel named "${name}" exists already in this account`, {
    details: { channel_name: 'already exists' },
  });
}
