import { eq, inArray } from 'drizzle-orm';
import type { C2paCertificateRow } from '../port/index.js';
import type { Db } from './database.js';
import { c2paCertificates } from './schema.js';

const publicColumns = {
  channelId: c2paCertificates.channelId,
  chainPem: c2paCertificates.chainPem,
  origin: c2paCertificates.origin,
  createdAt: c2paCertificates.createdAt,
};

export function c2paCertificateStatements(db: Db) {
  return {
    of: (channelId: string): C2paCertificateRow | undefined =>
      db.select().from(c2paCertificates).where(eq(c2paCertificates.channelId, channelId)).get(),
    channelsWith: (channelIds: readonly string[]): Omit<C2paCertificateRow, 'sealedKey'>[] =>
      channelIds.length === 0
        ? []
        : db
            .select(publicColumns)
            .from(c2paCertificates)
            .where(inArray(c2paCertificates.channelId, [...channelIds]))
            .all(),
    put: (row: C2paCertificateRow): void => {
      const values = { ...row, sealedKey: Buffer.from(row.sealedKey) };
      db.insert(c2paCertificates)
        .values(values)
        .onConflictDoUpdate({ target: c2paCertificates.channelId, set: values })
        .run();
    },
    sealedKeys: (): Pick<C2paCertificateRow, 'channelId' | 'sealedKey'>[] =>
      db
        .select({ channelId: c2paCertificates.channelId, sealedKey: c2paCertificates.sealedKey })
        .from(c2paCertificates)
        .all(),
    replaceSealedKey: (channelId: string, sealedKey: Uint8Array): void => {
      db.update(c2paCertificates)
        .set({ sealedKey: Buffer.from(sealedKey) })
        .where(eq(c2paCertificates.channelId, channelId))
        .run();
    },
  };
}
