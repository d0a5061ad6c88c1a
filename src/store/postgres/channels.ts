import { and, asc, count, desc, eq, exists, isNotNull, isNull, or } from 'drizzle-orm';
import type { ChannelAwaitingApproval, ChannelPublication, ChannelRow, StoredNameKeys } from '../port/index.js';
import type { PgSession, Statement } from './database.js';
import { isUniqueViolation } from './errors.js';
import { apiTokens, channels, users } from './schema.js';

const signerKeyColumns = (keys: StoredNameKeys | null) => ({
  signerKey: keys?.key ?? null,
  signerKeyCased: keys?.keyCased ?? null,
});

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
  publicationApprovedAt: channels.publicationApprovedAt,
};

// the channel of every keyed watermark request: plain SQL, prepared once per connection
const BY_ID: Statement = {
  name: 'channels_by_id',
  text: `SELECT id, user_id AS "userId", name, sealed_key AS "sealedKey", is_active AS "isActive",
           created_at AS "createdAt", deactivated_at AS "deactivatedAt", keys_public AS "keysPublic",
           signer_name AS "signerName", publication_approved_at AS "publicationApprovedAt"
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
    insert: async ({
      signerKeys,
      ...channel
    }: Omit<ChannelRow, 'isActive' | 'deactivatedAt' | 'publicationApprovedAt'> & {
      signerKeys: StoredNameKeys | null;
    }): Promise<ChannelRow | undefined> =>
      (
        await db
          .insert(channels)
          .values({
            ...channel,
            ...signerKeyColumns(signerKeys),
            sealedKey: Buffer.from(channel.sealedKey),
            isActive: true,
          })
          .onConflictDoNothing()
          .returning(row)
      )[0],
    deactivate: async (id: string, at: number): Promise<void> => {
      await db.update(channels).set({ isActive: false, deactivatedAt: at }).where(eq(channels.id, id));
    },
    setPublication: async (id: string, { signerKeys, ...publication }: ChannelPublication): Promise<boolean> => {
      try {
        await db
          .update(channels)
          .set({ ...publication, ...signerKeyColumns(signerKeys) })
          .where(eq(channels.id, id));
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    awaitingApproval: async (): Promise<ChannelAwaitingApproval[]> =>
      (
        await db
          .select({
            channel: row,
            ownerEmail: users.email,
            ownerUsername: users.username,
            ownerVerifiedAt: users.emailVerifiedAt,
          })
          .from(channels)
          .innerJoin(users, eq(users.id, channels.userId))
          .where(and(eq(channels.keysPublic, true), isNull(channels.publicationApprovedAt)))
          .orderBy(asc(channels.createdAt), asc(channels.rowid))
      ).map(({ channel, ownerVerifiedAt, ...owner }) => ({
        ...channel,
        ...owner,
        ownerVerified: ownerVerifiedAt !== null,
      })),
    withdrawApprovals: async (userId: string): Promise<number> =>
      (
        await db
          .update(channels)
          .set({ publicationApprovedAt: null })
          .where(and(eq(channels.userId, userId), isNotNull(channels.publicationApprovedAt)))
          .returning({ id: channels.id })
      ).length,
    publicWithoutSignerKeys: (): Promise<ChannelRow[]> =>
      db
        .select(row)
        .from(channels)
        .where(and(eq(channels.keysPublic, true), isNull(channels.signerKey)))
        .orderBy(asc(channels.createdAt), asc(channels.rowid)),
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
