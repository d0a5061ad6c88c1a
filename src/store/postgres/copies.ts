import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { fingerprintBytes, hashesOfFingerprintBytes } from '../fingerprint-bytes.js';
import type { CopyRow, DocumentRow, DocumentSharingHashes, DocumentVariantsRow } from '../port/index.js';
import type { PgSession, Statement } from './database.js';
import { copies, documents, documentVariants, fingerprintKeys } from './schema.js';

const documentColumns = {
  id: documents.id,
  ownerId: documents.ownerId,
  name: documents.name,
  characters: documents.characters,
  fingerprintVersion: documents.fingerprintVersion,
  fingerprintHashes: documents.fingerprintHashes,
  createdAt: documents.createdAt,
};

const copyColumns = {
  id: copies.id,
  documentId: copies.documentId,
  position: copies.position,
  recipient: copies.recipient,
  channelId: copies.channelId,
  marks: copies.marks,
  createdAt: copies.createdAt,
};

const INSERT_HASHES: Statement = {
  name: 'document_hashes_insert',
  text: `INSERT INTO document_hashes (hash, document_id) SELECT unnest($1::int[]), $2 ON CONFLICT DO NOTHING`,
};

const DELETE_HASHES: Statement = {
  name: 'document_hashes_delete',
  text: `DELETE FROM document_hashes WHERE hash = ANY($1::int[]) AND document_id = $2`,
};

// the trace: the leak's hashes looked up in the primary key first (a materialised CTE fixes that order whatever the
// planner's statistics say), then their documents kept if the owner's and of the version
const SHARING: Statement = {
  name: 'documents_sharing_hashes',
  text: `WITH shared AS MATERIALIZED (
           SELECT document_id, count(*)::int AS shared FROM document_hashes
            WHERE hash = ANY($1::int[]) GROUP BY document_id
         )
         SELECT d.owner_id AS "ownerId", d.name, d.characters, d.fingerprint_version AS "fingerprintVersion",
                d.fingerprint_hashes AS "fingerprintHashes", d.created_at::float8 AS "createdAt",
                d.id::float8 AS "numericId", s.shared
           FROM shared s JOIN documents d ON d.id = s.document_id
          WHERE d.owner_id = $2 AND d.fingerprint_version = $3`,
};

interface SharingRow extends Omit<DocumentRow, 'id'> {
  numericId: number;
  shared: number;
}

export function copyStatements({ db, run }: PgSession) {
  const sealedKeyOf = async (ownerId: string) =>
    (
      await db
        .select({ sealedKey: fingerprintKeys.sealedKey })
        .from(fingerprintKeys)
        .where(eq(fingerprintKeys.ownerId, ownerId))
    )[0]?.sealedKey;
  return {
    sealedFingerprintKey: (ownerId: string): Promise<Uint8Array | undefined> => sealedKeyOf(ownerId),
    insertFingerprintKey: async (ownerId: string, sealedKey: Uint8Array, createdAt: number): Promise<Uint8Array> => {
      await db
        .insert(fingerprintKeys)
        .values({ ownerId, sealedKey: Buffer.from(sealedKey), createdAt })
        .onConflictDoNothing();
      return await sealedKeyOf(ownerId);
    },
    sealedFingerprintKeys: (): Promise<{ ownerId: string; sealedKey: Uint8Array }[]> =>
      db.select({ ownerId: fingerprintKeys.ownerId, sealedKey: fingerprintKeys.sealedKey }).from(fingerprintKeys),
    replaceSealedFingerprintKey: async (ownerId: string, sealedKey: Uint8Array): Promise<void> => {
      await db
        .update(fingerprintKeys)
        .set({ sealedKey: Buffer.from(sealedKey) })
        .where(eq(fingerprintKeys.ownerId, ownerId));
    },
    insertDocument: async ({
      fingerprint,
      ...document
    }: Omit<DocumentRow, 'id' | 'fingerprintHashes'> & { fingerprint: Int32Array }): Promise<DocumentRow> => {
      const [row] = await db
        .insert(documents)
        .values({ ...document, fingerprintHashes: fingerprint.length, fingerprint: fingerprintBytes(fingerprint) })
        .returning(documentColumns);
      if (fingerprint.length > 0) await run(INSERT_HASHES, [[...fingerprint], row.id]);
      return row;
    },
    insertCopies: async (rows: readonly CopyRow[]): Promise<void> => {
      if (rows.length > 0) await db.insert(copies).values([...rows]);
    },
    copiesOf: async (ownerId: string, ids: readonly string[]): Promise<(CopyRow & { document: DocumentRow })[]> =>
      ids.length === 0
        ? []
        : (
            await db
              .select({ copy: copyColumns, document: documentColumns })
              .from(copies)
              .innerJoin(documents, eq(documents.id, copies.documentId))
              .where(and(inArray(copies.id, [...ids]), eq(documents.ownerId, ownerId)))
          ).map(({ copy, document }) => ({ ...copy, document })),
    documentsSharing: async (ownerId: string, version: number, hashes: Int32Array): Promise<DocumentSharingHashes[]> =>
      hashes.length === 0
        ? []
        : (await run<SharingRow>(SHARING, [[...hashes], ownerId, version])).map(({ shared, numericId, ...rest }) => {
            const document = { ...rest, id: numericId };
            return { document, shared, documentHashes: document.fingerprintHashes };
          }),
    documentsOf: async (ownerId: string, limit: number): Promise<(DocumentRow & { copies: number })[]> =>
      db
        .select({ ...documentColumns, copies: count(copies.id) })
        .from(documents)
        .leftJoin(copies, eq(copies.documentId, documents.id))
        .where(eq(documents.ownerId, ownerId))
        .groupBy(documents.id)
        .orderBy(desc(documents.createdAt), desc(documents.id))
        .limit(limit),
    documentOf: async (ownerId: string, id: number): Promise<DocumentRow | undefined> =>
      (
        await db
          .select(documentColumns)
          .from(documents)
          .where(and(eq(documents.id, id), eq(documents.ownerId, ownerId)))
      )[0],
    copiesOfDocument: (ownerId: string, documentId: number): Promise<CopyRow[]> =>
      db
        .select(copyColumns)
        .from(copies)
        .innerJoin(documents, eq(documents.id, copies.documentId))
        .where(and(eq(copies.documentId, documentId), eq(documents.ownerId, ownerId)))
        .orderBy(copies.position),
    deleteDocument: async (ownerId: string, id: number): Promise<boolean> => {
      const [row] = await db
        .select({ fingerprint: documents.fingerprint })
        .from(documents)
        .where(and(eq(documents.id, id), eq(documents.ownerId, ownerId)));
      if (!row) return false;
      // the index has no foreign key (schema.ts): its rows go by primary key, found from the fingerprint
      const hashes = hashesOfFingerprintBytes(row.fingerprint);
      if (hashes.length > 0) await run(DELETE_HASHES, [[...hashes], id]);
      await db.delete(documentVariants).where(eq(documentVariants.documentId, id));
      await db.delete(copies).where(eq(copies.documentId, id));
      await db.delete(documents).where(eq(documents.id, id));
      return true;
    },
    insertVariants: async (variants: DocumentVariantsRow): Promise<void> => {
      await db
        .insert(documentVariants)
        .values({ ...variants, salt: Buffer.from(variants.salt), record: Buffer.from(variants.record) });
    },
    variantsOf: async (ownerId: string, documentIds: readonly number[]): Promise<DocumentVariantsRow[]> =>
      documentIds.length === 0
        ? []
        : db
            .select({
              documentId: documentVariants.documentId,
              salt: documentVariants.salt,
              record: documentVariants.record,
              classes: documentVariants.classes,
              sites: documentVariants.sites,
              positions: documentVariants.positions,
            })
            .from(documentVariants)
            .innerJoin(documents, eq(documents.id, documentVariants.documentId))
            .where(and(inArray(documentVariants.documentId, [...documentIds]), eq(documents.ownerId, ownerId))),
    copyIdsOf: async (
      ownerId: string,
      documentIds: readonly number[],
    ): Promise<{ id: string; documentId: number }[]> =>
      documentIds.length === 0
        ? []
        : db
            .select({ id: copies.id, documentId: copies.documentId })
            .from(copies)
            .innerJoin(documents, eq(documents.id, copies.documentId))
            .where(and(inArray(copies.documentId, [...documentIds]), eq(documents.ownerId, ownerId)))
            .orderBy(copies.documentId, copies.position),
  };
}
