import { and, asc, count, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { PublicSigningKeyRow, SigningKeyRow } from '../port/index.js';
import type { PgSession } from './database.js';
import { channels, signingKeys, users } from './schema.js';

/** A SigningKeyRow's columns (not the insertion order that only sorts listings). */
const row = {
  keyId: signingKeys.keyId,
  channelId: signingKeys.channelId,
  publicKey: signingKeys.publicKey,
  sealedSeed: signingKeys.sealedSeed,
  createdAt: signingKeys.createdAt,
  retiredAt: signingKeys.retiredAt,
};

const publicColumns = {
  keyId: signingKeys.keyId,
  channelId: signingKeys.channelId,
  publicKey: signingKeys.publicKey,
  createdAt: signingKeys.createdAt,
  retiredAt: signingKeys.retiredAt,
  userId: channels.userId,
  channelName: channels.name,
  keysPublic: channels.keysPublic,
  signerName: channels.signerName,
  publicationApprovedAt: channels.publicationApprovedAt,
  ownerUsername: users.username,
  ownerVerifiedAt: users.emailVerifiedAt,
};

type PublicColumns = Omit<PublicSigningKeyRow, 'ownerVerified'> & { ownerVerifiedAt: number | null };
const toPublicRows = (rows: PublicColumns[]): PublicSigningKeyRow[] =>
  rows.map(({ ownerVerifiedAt, ...found }) => ({ ...found, ownerVerified: ownerVerifiedAt !== null }));

export function signingKeyStatements({ db }: PgSession) {
  const publicKeys = () =>
    db
      .select(publicColumns)
      .from(signingKeys)
      .innerJoin(channels, eq(channels.id, signingKeys.channelId))
      .innerJoin(users, eq(users.id, channels.userId));
  return {
    currentOf: async (channelId: string): Promise<SigningKeyRow | undefined> =>
      (
        await db
          .select(row)
          .from(signingKeys)
          .where(and(eq(signingKeys.channelId, channelId), isNull(signingKeys.retiredAt)))
      )[0],
    publicOfUser: async (userId: string): Promise<PublicSigningKeyRow[]> =>
      toPublicRows(
        await publicKeys()
          .where(eq(channels.userId, userId))
          .orderBy(desc(signingKeys.createdAt), desc(signingKeys.rowid)),
      ),
    publicByIds: async (keyIds: readonly string[]): Promise<PublicSigningKeyRow[]> =>
      keyIds.length === 0 ? [] : toPublicRows(await publicKeys().where(inArray(signingKeys.keyId, [...keyIds]))),
    published: async (): Promise<PublicSigningKeyRow[]> =>
      toPublicRows(
        await publicKeys()
          .where(eq(channels.keysPublic, true))
          .orderBy(asc(channels.createdAt), asc(channels.id), asc(signingKeys.createdAt), asc(signingKeys.rowid)),
      ),
    countOf: async (channelId: string): Promise<number> =>
      (await db.select({ n: count() }).from(signingKeys).where(eq(signingKeys.channelId, channelId)))[0]?.n ?? 0,
    retireCurrent: async (channelId: string, at: number): Promise<void> => {
      await db
        .update(signingKeys)
        .set({ retiredAt: at })
        .where(and(eq(signingKeys.channelId, channelId), isNull(signingKeys.retiredAt)));
    },
    insert: async (key: Omit<SigningKeyRow, 'retiredAt'>): Promise<void> => {
      await db
        .insert(signingKeys)
        .values({ ...key, publicKey: Buffer.from(key.publicKey), sealedSeed: Buffer.from(key.sealedSeed) });
    },
    deleteRetired: async (channelId: string, keyId: string): Promise<boolean> =>
      (
        await db
          .delete(signingKeys)
          .where(
            and(eq(signingKeys.keyId, keyId), eq(signingKeys.channelId, channelId), isNotNull(signingKeys.retiredAt)),
          )
          .returning({ keyId: signingKeys.keyId })
      ).length > 0,
    sealedSeeds: (): Promise<Pick<SigningKeyRow, 'keyId' | 'channelId' | 'sealedSeed'>[]> =>
      db
        .select({ keyId: signingKeys.keyId, channelId: signingKeys.channelId, sealedSeed: signingKeys.sealedSeed })
        .from(signingKeys),
    replaceSealedSeed: async (keyId: string, sealedSeed: Uint8Array): Promise<void> => {
      await db
        .update(signingKeys)
        .set({ sealedSeed: Buffer.from(sealedSeed) })
        .where(eq(signingKeys.keyId, keyId));
    },
  };
}
