import { randomBytes, randomUUID } from 'node:crypto';
import type { ChannelRow } from '../store/index.js';
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
  create(userId: string, channelName: string): Promise<Channel>;
  list(userId: string): Promise<ChannelListItem[]>;
  /** Keeps the key (old watermarks stay decodable) and the bound tokens (they keep working). Unknown: NOT_FOUND. */
  deactivate(userId: string, channelId: string): Promise<{ id: string; channel_name: string }>;
}

const CHANNEL_KEY_BYTES = 32;

export function createChannels(context: DomainContext): Channels {
  return {
    create: async (userId, channelName) =>
      insertChannel(context, await requireActiveUser(context, userId), channelName),
    list: async (userId) => {
      await requireActiveUser(context, userId);
      return listChannels(context, userId);
    },
    deactivate: async (userId, channelId) => {
      await requireActiveUser(context, userId);
      const row = await context.store.channels.ofUser(userId, channelId);
      if (!row) throw new DomainError('NOT_FOUND', 'No such signing channel');
      return deactivateChannel(context, row);
    },
  };
}

/** The one implementation of channel creation (also used by `wm channels create`). */
export async function insertChannel(context: DomainContext, owner: UserRow, rawName: string): Promise<Channel> {
  const name = typeof rawName === 'string' ? rawName.trim() : '';
  requireValid({ channel_name: channelNameProblem(name) });
  const limit = context.config.activeChannelsByPlan[owner.plan];
  if (limit === 0) {
    throw new DomainError(
      'PLAN_REQUIRED',
      `Signing channels need the starter or pro plan (current plan: ${owner.plan})`,
    );
  }
  const id = randomUUID();
  const sealedKey = sealKey(context.keys.channelWrap, randomBytes(CHANNEL_KEY_BYTES), id);
  // counting and inserting in one unit of work: two concurrent creations can't both take the last slot
  const row = await context.store.transaction(async (tx) => {
    if ((await tx.channels.countInUse(owner.id)) >= limit) {
      throw new DomainError(
        'PLAN_LIMIT',
        `The ${owner.plan} plan allows ${limit} signing channels in use; a deactivated channel counts until the ` +
          'API tokens bound to it are revoked',
        { details: { limit: String(limit) } },
      );
    }
    const createdAt = context.now().getTime();
    const inserted = await tx.channels.insert({ id, userId: owner.id, name, sealedKey, createdAt });
    if (!inserted) throw conflict(name);
    return inserted;
  });
  return toChannel(row);
}

export async function listChannels(context: DomainContext, userId: string): Promise<ChannelListItem[]> {
  const rows = await context.store.channels.listOf(userId);
  return rows.map((row) => ({ ...toChannel(row), active_tokens: row.boundTokens }));
}

export async function deactivateChannel(
  context: DomainContext,
  row: ChannelRow,
): Promise<{ id: string; channel_name: string }> {
  if (row.isActive) await context.store.channels.deactivate(row.id, context.now().getTime());
  return { id: row.id, channel_name: row.name };
}

export function findChannelByName(
  context: DomainContext,
  userId: string,
  name: string,
): Promise<ChannelRow | undefined> {
  return context.store.channels.byName(userId, name.trim());
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
