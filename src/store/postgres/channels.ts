import { and, asc, count, desc, eq, exists, or } from 'drizzle-orm';
import type { ChannelPublication, ChannelRow } from '../port/index.js';
import type { PgSession, Statement } from './database.js';
import { apiTokens, channels } from './schema.js';

/** A ChannelRow's columns (not the insertion order that only sorts listings). */
const row = {
  id: channels.id,
  userId: channels.userId,
  name: channels.name,
  sealedKey: channels.sealedKey,
  isActive: channels.isActive,
  createdAt: channels.createdAt,
  deactivatedAt: channels.deactivatedAt,
  keysPublic: channels.keysPublic,
  signerName: channels.signerName,
};

// the channel of every keyed watermark request: plain SQL, prepared once per connection
const BY_ID: Statement = {
  name: 'channels_by_id',
  text: `SELECT id, user_id AS "userId", name, sealed_key AS "sealedKey", is_active AS "isActive",
           created_at AS "createdAt", deactivated_at AS "deactivatedAt", keys_public AS "keysPublic",
           signer_name AS "signerName"
         FROM channels WHERE id = $1`,
};

export function channelStatements({ db, run }: PgSession) {
  return {
    byId: async (id: string): Promise<ChannelRow | undefined> => (await run<ChannelRow>(BY_ID, [id]))[0],
    ofUser: async (userId: string, id: string): Promise<ChannelRow | undefined> =>
      (
        await db
          .select(row)
          .from(channels)
          .where(and(eq(channels.id, id), eq(channels.userId, userId)))
      )[0],
    byName: async (userId: string, name: string): Promise<ChannelRow | undefined> =>
      (
        await db
          .select(row)
          .from(channels)
          .where(and(eq(channels.userId, userId), eq(channels.name, name)))
      )[0],
    listOf: async (userId: string): Promise<(ChannelRow & { boundTokens: number })[]> => {
      const bound = new Map(
        (
          await db
            .select({ channelId: apiTokens.channelId, n: count() })
            .from(apiTokens)
            .where(eq(apiTokens.userId, userId))
            .groupBy(apiTokens.channelId)
        ).map((found) => [found.channelId, found.n]),
      );
      const rows = await db
        .select(row)
        .from(channels)
        .where(eq(channels.userId, userId))
        .orderBy(asc(channels.createdAt), asc(channels.rowid));
      return rows.map((found) => ({ ...found, boundTokens: bound.get(found.id) ?? 0 }));
    },
    countInUse: async (userId: string): Promise<number> => {
      const boundToken = db.select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.channelId, channels.id));
      const found = await db
        .select({ n: count() })
        .from(channels)
        .where(and(eq(channels.userId, userId), or(eq(channels.isActive, true), exists(boundToken))));
      return found[0]?.n ?? 0;
    },
    insert: async (channel: Omit<ChannelRow, 'isActive' | 'deactivatedAt'>): Promise<ChannelRow | undefined> =>
      (
        await db
          .insert(channels)
          .values({ ...channel, sealedKey: Buffer.from(channel.sealedKey), isActive: true })
          .onConflictDoNothing({ target: [channels.userId, channels.name] })
          .returning(row)
      )[0],
    deactivate: async (id: string, at: number): Promise<void> => {
      await db.update(channels).set({ isActive: false, deactivatedAt: at }).where(eq(channels.id, id));
    },
    setPublication: async (id: string, publication: ChannelPublication): Promise<void> => {
      await db.update(channels).set(publication).where(eq(channels.id, id));
    },
    sealedKeys: (): Promise<Pick<ChannelRow, 'id' | 'sealedKey'>[]> =>
      db.select({ id: channels.id, sealedKey: channels.sealedKey }).from(channels),
    newestSealedKeys: (limit: number): Promise<Pick<ChannelRow, 'id' | 'sealedKey'>[]> =>
      db
        .select({ id: channels.id, sealedKey: channels.sealedKey })
        .from(channels)
        .orderBy(desc(channels.createdAt), desc(channels.rowid))
        .limit(limit),
    replaceSealedKey: async (id: string, sealedKey: Uint8Array): Promise<void> => {
      await db
        .update(channels)
        .set({ sealedKey: Buffer.from(sealedKey) })
        .where(eq(channels.id, id));
    },
  };
}
