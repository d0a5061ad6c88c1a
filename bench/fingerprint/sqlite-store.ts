import { SqliteDriver } from '../../src/store/sqlite/driver.js';
import { rankMatches, type Fingerprint, type FingerprintMatch } from '../../src/domain/fingerprint/index.js';

/**
 * The tables proposed for recorded documents and their fingerprints (docs/TRACING.md, "Storage"), in SQLite, with
 * the statements wm trace would run: what the bench measures until the store has them. The same tables work in
 * PostgreSQL (integer hash, bigint ids, `hash = ANY($1)` instead of json_each).
 */
export const FINGERPRINT_STORE_DDL = [
  `CREATE TABLE documents (
     id INTEGER PRIMARY KEY,
     owner_id TEXT NOT NULL,
     fingerprint_version INTEGER NOT NULL,
     fingerprint_hashes INTEGER NOT NULL,
     fingerprint BLOB NOT NULL
   )`,
  `CREATE TABLE document_hashes (
     hash INTEGER NOT NULL,
     document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
     PRIMARY KEY (hash, document_id)
   ) WITHOUT ROWID`,
];

export interface StoredDocument {
  id: number;
  owner: string;
  fingerprint: Fingerprint;
}

export interface FingerprintStore {
  addMany(documents: StoredDocument[]): void;
  trace(leak: Fingerprint, owner: string): FingerprintMatch<number>[];
  hashCount(): number;
  checkpoint(): void;
  close(): void;
}

/** The hashes as stored in documents.fingerprint: 4 bytes each, big-endian (deleting a document needs them). */
const hashBlob = (hashes: Int32Array): Buffer => {
  const blob = Buffer.alloc(hashes.length * 4);
  hashes.forEach((hash, i) => blob.writeInt32BE(hash, i * 4));
  return blob;
};

export function openFingerprintStore(path: string): FingerprintStore {
  const sqlite = new SqliteDriver(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  for (const statement of FINGERPRINT_STORE_DDL) sqlite.exec(statement);
  const insertDocument = sqlite.prepare(
    'INSERT INTO documents (id, owner_id, fingerprint_version, fingerprint_hashes, fingerprint) VALUES (?, ?, ?, ?, ?)',
  );
  const insertHash = sqlite.prepare('INSERT INTO document_hashes (hash, document_id) VALUES (?, ?)');
  const shared = sqlite.prepare(
    `SELECT h.document_id AS document, count(*) AS shared, d.fingerprint_hashes AS documentHashes
       FROM document_hashes h JOIN documents d ON d.id = h.document_id
      WHERE h.hash IN (SELECT value FROM json_each(?)) AND d.owner_id = ? AND d.fingerprint_version = ?
      GROUP BY h.document_id`,
  );
  const count = sqlite.prepare('SELECT count(*) AS n FROM document_hashes').pluck();
  const addMany = sqlite.transaction((documents: StoredDocument[]) => {
    for (const { id, owner, fingerprint } of documents) {
      const { version, hashes } = fingerprint;
      insertDocument.run(id, owner, version, hashes.length, hashBlob(hashes));
      for (const hash of hashes) insertHash.run(hash, id);
    }
  });
  return {
    addMany,
    trace(leak, owner) {
      const rows = shared.all(JSON.stringify([...leak.hashes]), owner, leak.version) as {
        document: number;
        shared: number;
        documentHashes: number;
      }[];
      return rankMatches(leak.hashes.length, rows);
    },
    hashCount: () => count.get() as number,
    checkpoint: () => sqlite.pragma('wal_checkpoint(TRUNCATE)'),
    close: () => sqlite.close(),
  };
}
