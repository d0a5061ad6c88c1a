import { eq, inArray } from 'drizzle-orm';
import type { C2paCertificateRow } from '../port/index.js';
import type { PgSession } from './database.js';
import { c2paCertificates } from './schema.js';

const publicColumns = {
  channelId: c2paCertificates.channelId,
  chainPem: c2paCertificates.chainPem,
  origin: c2paCertificates.origin,
  createdAt: c2paCertificates.createdAt,
};

export function c2paCertificateStatements({ db }: PgSession) {
  return {
    of: async (channelId: string): Promise<C2paCertificateRow | undefined> =>
      (await db.select().from(c2paCertificates).where(eq(c2paCertificates.channelId, channelId)))[0],
    channelsWith: async (channelIds: readonly string[]): Promise<Omit<C2paCertificateRow, 'sealedKey'>[]> =>
      channelIds.length === 0
        ? []
        : db
            .select(publicColumns)
            .from(c2paCertificates)
            .where(inArray(c2paCertificates.channelId, [...channelIds])),
    put: async (row: C2paCertificateRow): Promise<void> => {
      const values = { ...row, sealedKey: Buffer.from(row.sealedKey) };
      await db
        .insert(c2paCertificates)
        .values(values)
        .onConflictDoUpdate({ target: c2paCertificates.channelId, set: values });
    },
    sealedKeys: async (): Promise<Pick<C2paCertificateRow, 'channelId' | 'sealedKey'>[]> =>
      db
        .select({ channelId: c2paCertificates.channelId, sealedKey: c2paCertificates.sealedKey })
        .from(c2paCertificates),
    replaceSealedKey: async (channelId: string, sealedKey: Uint8Array): Promise<void> => {
      await db
        .update(c2paCertificates)
        .set({ sealedKey: Buffer.from(sealedKey) })
        .where(eq(c2paCertificates.channelId, channelId));
    },
  };
}
