import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { fingerprintBytes, hashesOfFingerprintBytes } from '../fingerprint-bytes.js';
import type { CopyRow, DocumentRow, DocumentSharingHashes, DocumentVariantsRow } from '../port/index.js';
import type { Db } from './database.js';
import { preparedOnce } from './prepared.js';
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

type SharingRow = DocumentRow & { shared: number };

export function copyStatements(db: Db) {
  const sqlite = db.$client;
  const insertHash = preparedOnce(() =>
    sqlite.prepare('INSERT OR IGNORE INTO document_hashes (hash, document_id) VALUES (?, ?)'),
  );
  const deleteHash = preparedOnce(() =>
    sqlite.prepare('DELETE FROM document_hashes WHERE hash = ? AND document_id = ?'),
  );
  // the trace: the leak's hashes looked up in the primary key, then their documents kept if the owner's. CROSS JOIN
  // fixes that order: without statistics SQLite would walk the owner's documents by its index and probe every one
  // for every hash, thousands of times the work (docs/TRACING.md, "Storage")
  const sharing = preparedOnce(() =>
    sqlite.prepare(
      `SELECT d.id, d.owner_id AS ownerId, d.name, d.characters, d.fingerprint_version AS fingerprintVersion,
              d.fingerprint_hashes AS fingerprintHashes, d.created_at AS createdAt, count(*) AS shared
         FROM document_hashes h CROSS JOIN documents d ON d.id = h.document_id
        WHERE h.hash IN (SELECT value FROM json_each(?)) AND d.owner_id = ? AND d.fingerprint_version = ?
        GROUP BY h.document_id`,
    ),
  );
  return {
    sealedFingerprintKey: (ownerId: string): Uint8Array | undefined =>
      db
        .select({ sealedKey: fingerprintKeys.sealedKey })
        .from(fingerprintKeys)
        .where(eq(fingerprintKeys.ownerId, ownerId))
        .get()?.sealedKey,
    insertFingerprintKey: (ownerId: string, sealedKey: Uint8Array, createdAt: number): Uint8Array => {
      db.insert(fingerprintKeys)
        .values({ ownerId, sealedKey: Buffer.from(sealedKey), createdAt })
        .onConflictDoNothing()
        .run();
      return db
        .select({ sealedKey: fingerprintKeys.sealedKey })
        .from(fingerprintKeys)
        .where(eq(fingerprintKeys.ownerId, ownerId))
        .get()!.sealedKey;
    },
    sealedFingerprintKeys: (): { ownerId: string; sealedKey: Uint8Array }[] =>
      db.select({ ownerId: fingerprintKeys.ownerId, sealedKey: fingerprintKeys.sealedKey }).from(fingerprintKeys).all(),
    replaceSealedFingerprintKey: (ownerId: string, sealedKey: Uint8Array): void => {
      db.update(fingerprintKeys)
        .set({ sealedKey: Buffer.from(sealedKey) })
        .where(eq(fingerprintKeys.ownerId, ownerId))
        .run();
    },
    insertDocument: ({
      fingerprint,
      ...document
    }: Omit<DocumentRow, 'id' | 'fingerprintHashes'> & { fingerprint: Int32Array }): DocumentRow => {
      const row = db
        .insert(documents)
        .values({ ...document, fingerprintHashes: fingerprint.length, fingerprint: fingerprintBytes(fingerprint) })
        .returning(documentColumns)
        .get();
      const insert = insertHash();
      for (const hash of fingerprint) insert.run(hash, row.id);
      return row;
    },
    insertCopies: (rows: readonly CopyRow[]): void => {
      if (rows.length > 0)
        db.insert(copies)
          .values([...rows])
          .run();
    },
    copiesOf: (ownerId: string, ids: readonly string[]): (CopyRow & { document: DocumentRow })[] =>
      ids.length === 0
        ? []
        : db
            .select({ copy: copies, document: documentColumns })
            .from(copies)
            .innerJoin(documents, eq(documents.id, copies.documentId))
            .where(and(inArray(copies.id, [...ids]), eq(documents.ownerId, ownerId)))
            .all()
            .map(({ copy, document }) => ({ ...copy, document })),
    documentsSharing: (ownerId: string, version: number, hashes: Int32Array): DocumentSharingHashes[] =>
      hashes.length === 0
        ? []
        : (sharing().all(JSON.stringify([...hashes]), ownerId, version) as SharingRow[]).map(
            ({ shared, ...document }) => ({ document, shared, documentHashes: document.fingerprintHashes }),
          ),
    documentsOf: (ownerId: string, limit: number): (DocumentRow & { copies: number })[] =>
      db
        .select({ ...documentColumns, copies: count(copies.id) })
        .from(documents)
        .leftJoin(copies, eq(copies.documentId, documents.id))
        .where(eq(documents.ownerId, ownerId))
        .groupBy(documents.id)
        .orderBy(desc(documents.createdAt), desc(documents.id))
        .limit(limit)
        .all(),
    documentOf: (ownerId: string, id: number): DocumentRow | undefined =>
      db
        .select(documentColumns)
        .from(documents)
        .where(and(eq(documents.id, id), eq(documents.ownerId, ownerId)))
        .get(),
    copiesOfDocument: (ownerId: string, documentId: number): CopyRow[] =>
      db
        .select({
          id: copies.id,
          documentId: copies.documentId,
          position: copies.position,
          recipient: copies.recipient,
          channelId: copies.channelId,
          marks: copies.marks,
          createdAt: copies.createdAt,
        })
        .from(copies)
        .innerJoin(documents, eq(documents.id, copies.documentId))
        .where(and(eq(copies.documentId, documentId), eq(documents.ownerId, ownerId)))
        .orderBy(copies.position)
        .all(),
    deleteDocument: (ownerId: string, id: number): boolean => {
      const row = db
        .select({ fingerprint: documents.fingerprint })
        .from(documents)
        .where(and(eq(documents.id, id), eq(documents.ownerId, ownerId)))
        .get();
      if (!row) return false;
      // the index has no foreign key (schema.ts): its rows go by primary key, found from the fingerprint
      const remove = deleteHash();
      for (const hash of hashesOfFingerprintBytes(row.fingerprint)) remove.run(hash, id);
      db.delete(documentVariants).where(eq(documentVariants.documentId, id)).run();
      db.delete(copies).where(eq(copies.documentId, id)).run();
      db.delete(documents).where(eq(documents.id, id)).run();
      return true;
    },
    insertVariants: (variants: DocumentVariantsRow): void => {
      db.insert(documentVariants)
        .values({ ...variants, salt: Buffer.from(variants.salt), record: Buffer.from(variants.record) })
        .run();
    },
    variantsOf: (ownerId: string, documentIds: readonly number[]): DocumentVariantsRow[] =>
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
            .where(and(inArray(documentVariants.documentId, [...documentIds]), eq(documents.ownerId, ownerId)))
            .all(),
    copyIdsOf: (ownerId: string, documentIds: readonly number[]): { id: string; documentId: number }[] =>
      documentIds.length === 0
        ? []
        : db
            .select({ id: copies.id, documentId: copies.documentId })
            .from(copies)
            .innerJoin(documents, eq(documents.id, copies.documentId))
            .where(and(inArray(copies.documentId, [...documentIds]), eq(documents.ownerId, ownerId)))
            .orderBy(copies.documentId, copies.position)
            .all(),
  };
}
