import { and, asc, count, desc, eq, exists, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { ChannelAwaitingApproval, ChannelPublication, ChannelRow, StoredNameKeys } from '../port/index.js';
import type { Db } from './database.js';
import { preparedOnce } from './prepared.js';
import { apiTokens, channels, insertionOrder, users } from './schema.js';
import { isUniqueViolation } from './unique-violation.js';

const signerKeyColumns = (keys: StoredNameKeys | null) => ({
  signerKey: keys?.key ?? null,
  signerKeyCased: keys?.keyCased ?? null,
});

export function channelStatements(db: Db) {
  const byId = preparedOnce(() =>
    db
      .select()
      .from(channels)
      .where(eq(channels.id, sql.placeholder('id')))
      .prepare(),
  );
  return {
    byId: (id: string): ChannelRow | undefined => byId().get({ id }),
    ofUser: (userId: string, id: string): ChannelRow | undefined =>
      db
        .select()
        .from(channels)
        .where(and(eq(channels.id, id), eq(channels.userId, userId)))
        .get(),
    byName: (userId: string, name: string): ChannelRow | undefined =>
      db
        .select()
        .from(channels)
        .where(and(eq(channels.userId, userId), eq(channels.name, name)))
        .get(),
    listOf: (userId: string): (ChannelRow & { boundTokens: number })[] => {
      const bound = new Map(
        db
          .select({ channelId: apiTokens.channelId, n: count() })
          .from(apiTokens)
          .where(eq(apiTokens.userId, userId))
          .groupBy(apiTokens.channelId)
          .all()
          .map((row) => [row.channelId, row.n]),
      );
      return db
        .select()
        .from(channels)
        .where(eq(channels.userId, userId))
        .orderBy(asc(channels.createdAt), insertionOrder)
        .all()
        .map((row) => ({ ...row, boundTokens: bound.get(row.id) ?? 0 }));
    },
    countInUse: (userId: string): number => {
      const boundToken = db.select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.channelId, channels.id));
      const row = db
        .select({ n: count() })
        .from(channels)
        .where(and(eq(channels.userId, userId), or(eq(channels.isActive, true), exists(boundToken))))
        .get();
      return row?.n ?? 0;
    },
    insert: ({
      signerKeys,
      ...channel
    }: Omit<ChannelRow, 'isActive' | 'deactivatedAt' | 'publicationApprovedAt'> & {
      signerKeys: StoredNameKeys | null;
    }): ChannelRow | undefined =>
      db
        .insert(channels)
        .values({
          ...channel,
          ...signerKeyColumns(signerKeys),
          sealedKey: Buffer.from(channel.sealedKey),
          isActive: true,
        })
        .onConflictDoNothing()
        .returning()
        .get(),
    deactivate: (id: string, at: number): void => {
      db.update(channels).set({ isActive: false, deactivatedAt: at }).where(eq(channels.id, id)).run();
    },
    setPublication: (id: string, { signerKeys, ...publication }: ChannelPublication): boolean => {
      try {
        db.update(channels)
          .set({ ...publication, ...signerKeyColumns(signerKeys) })
          .where(eq(channels.id, id))
          .run();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    awaitingApproval: (): ChannelAwaitingApproval[] =>
      db
        .select({
          channel: channels,
          ownerEmail: users.email,
          ownerUsername: users.username,
          ownerVerifiedAt: users.emailVerifiedAt,
        })
        .from(channels)
        .innerJoin(users, eq(users.id, channels.userId))
        .where(and(eq(channels.keysPublic, true), isNull(channels.publicationApprovedAt)))
        .orderBy(asc(channels.createdAt), sql`${channels}.rowid`)
        .all()
        .map(({ channel, ownerVerifiedAt, ...owner }) => ({
          ...channel,
          ...owner,
          ownerVerified: ownerVerifiedAt !== null,
        })),
    withdrawApprovals: (userId: string): number =>
      db
        .update(channels)
        .set({ publicationApprovedAt: null })
        .where(and(eq(channels.userId, userId), isNotNull(channels.publicationApprovedAt)))
        .run().changes,
    publicWithoutSignerKeys: (): ChannelRow[] =>
      db
        .select()
        .from(channels)
        .where(and(eq(channels.keysPublic, true), isNull(channels.signerKey)))
        .orderBy(asc(channels.createdAt), insertionOrder)
        .all(),
    sealedKeys: (): Pick<ChannelRow, 'id' | 'sealedKey'>[] =>
      db.select({ id: channels.id, sealedKey: channels.sealedKey }).from(channels).all(),
    newestSealedKeys: (limit: number): Pick<ChannelRow, 'id' | 'sealedKey'>[] =>
      db
        .select({ id: channels.id, sealedKey: channels.sealedKey })
        .from(channels)
        .orderBy(desc(channels.createdAt), desc(insertionOrder))
        .limit(limit)
        .all(),
    replaceSealedKey: (id: string, sealedKey: Uint8Array): void => {
      db.update(channels)
        .set({ sealedKey: Buffer.from(sealedKey) })
        .where(eq(channels.id, id))
        .run();
    },
  };
}
