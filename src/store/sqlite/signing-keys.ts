import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { PublicSigningKeyRow, SigningKeyRow } from '../port/index.js';
import type { Db } from './database.js';
import { channels, signingKeys, users } from './schema.js';

/** Keys created in one millisecond (a test clock) are told apart by their insertion order. */
const keyInsertionOrder = sql`${signingKeys}.rowid`;

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
const toPublicRow = ({ ownerVerifiedAt, ...row }: PublicColumns): PublicSigningKeyRow => ({
  ...row,
  ownerVerified: ownerVerifiedAt !== null,
});

export function signingKeyStatements(db: Db) {
  const publicKeys = () =>
    db
      .select(publicColumns)
      .from(signingKeys)
      .innerJoin(channels, eq(channels.id, signingKeys.channelId))
      .innerJoin(users, eq(users.id, channels.userId));
  return {
    currentOf: (channelId: string): SigningKeyRow | undefined =>
      db
        .select()
        .from(signingKeys)
        .where(and(eq(signingKeys.channelId, channelId), isNull(signingKeys.retiredAt)))
        .get(),
    publicOfUser: (userId: string): PublicSigningKeyRow[] =>
      publicKeys()
        .where(eq(channels.userId, userId))
        .orderBy(desc(signingKeys.createdAt), desc(keyInsertionOrder))
        .all()
        .map(toPublicRow),
    publicByIds: (keyIds: readonly string[]): PublicSigningKeyRow[] =>
      keyIds.length === 0
        ? []
        : publicKeys()
            .where(inArray(signingKeys.keyId, [...keyIds]))
            .all()
            .map(toPublicRow),
    published: (): PublicSigningKeyRow[] =>
      publicKeys()
        .where(eq(channels.keysPublic, true))
        .orderBy(asc(channels.createdAt), asc(channels.id), asc(signingKeys.createdAt), asc(keyInsertionOrder))
        .all()
        .map(toPublicRow),
    countOf: (channelId: string): number =>
      db.select({ n: count() }).from(signingKeys).where(eq(signingKeys.channelId, channelId)).get()?.n ?? 0,
    retireCurrent: (channelId: string, at: number): void => {
      db.update(signingKeys)
        .set({ retiredAt: at })
        .where(and(eq(signingKeys.channelId, channelId), isNull(signingKeys.retiredAt)))
        .run();
    },
    insert: (key: Omit<SigningKeyRow, 'retiredAt'>): void => {
      db.insert(signingKeys)
        .values({ ...key, publicKey: Buffer.from(key.publicKey), sealedSeed: Buffer.from(key.sealedSeed) })
        .run();
    },
    deleteRetired: (channelId: string, keyId: string): boolean =>
      db
        .delete(signingKeys)
        .where(
          and(eq(signingKeys.keyId, keyId), eq(signingKeys.channelId, channelId), isNotNull(signingKeys.retiredAt)),
        )
        .run().changes > 0,
    sealedSeeds: (): Pick<SigningKeyRow, 'keyId' | 'channelId' | 'sealedSeed'>[] =>
      db
        .select({ keyId: signingKeys.keyId, channelId: signingKeys.channelId, sealedSeed: signingKeys.sealedSeed })
        .from(signingKeys)
        .all(),
    replaceSealedSeed: (keyId: string, sealedSeed: Uint8Array): void => {
      db.update(signingKeys)
        .set({ sealedSeed: Buffer.from(sealedSeed) })
        .where(eq(signingKeys.keyId, keyId))
        .run();
    },
  };
}
