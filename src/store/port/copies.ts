/** A document whose copies were issued: its visible text's fingerprint, never the text. Times: Unix ms. */
export interface DocumentRow {
  id: number;
  ownerId: string;
  name: string;
  /** visible characters (code points) of the text issued */
  characters: number;
  fingerprintVersion: number;
  /** how many hashes its fingerprint holds */
  fingerprintHashes: number;
  createdAt: number;
}

/** One copy issued to one recipient. */
export interface CopyRow {
  /** random: the secret its marks carry */
  id: string;
  documentId: number;
  /** its place among its document's copies, from 0 */
  position: number;
  recipient: string;
  /**
   * null: its marks are sealed with the account's copy-mark key; a channel: issued before copy-mark keys, sealed with
   * that channel's key (such marks prove nothing: an encode token of the channel can make them)
   */
  channelId: string | null;
  /** JSON of the marks written */
  marks: string;
  createdAt: number;
}

/**
 * What a document whose copies carry visible variants keeps to read a leak (docs/TRACING.md, "Visible variants"):
 * never its text, nor any copy's choices; nothing secret (its key is derived from the owner's copies secret and the
 * salt).
 */
export interface DocumentVariantsRow {
  documentId: number;
  /** 16 random bytes: the salt of the document's variant key (HKDF of the owner's copies secret) */
  salt: Uint8Array;
  /** the codec's variant record (docs/FORMAT.md): table version, collusion level, keyed site and unit ids */
  record: Uint8Array;
  /** JSON: the variant classes the issuer turned on */
  classes: string;
  /** sites where the copies differ, and the independent choices (bits) they carry */
  sites: number;
  positions: number;
}

/** A document that shares keyed hashes with a leak, as the index of hashes answers. */
export interface DocumentSharingHashes {
  document: DocumentRow;
  shared: number;
  documentHashes: number;
}

export interface CopyRepository {
  /** The owner's fingerprint key, sealed; undefined before the owner's first issue. */
  sealedFingerprintKey(ownerId: string): Promise<Uint8Array | undefined>;
  /**
   * Stores the owner's sealed fingerprint key unless one is stored already (a concurrent first issue), and answers
   * the one stored: every document of an owner is fingerprinted with one key.
   */
  insertFingerprintKey(ownerId: string, sealedKey: Uint8Array, createdAt: number): Promise<Uint8Array>;
  /** every owner's sealed fingerprint key (master-key rotation) */
  sealedFingerprintKeys(): Promise<{ ownerId: string; sealedKey: Uint8Array }[]>;
  replaceSealedFingerprintKey(ownerId: string, sealedKey: Uint8Array): Promise<void>;
  /** A new document with its fingerprint (distinct signed 32-bit hashes) and the index rows of its hashes. */
  insertDocument(
    document: Omit<DocumentRow, 'id' | 'fingerprintHashes'> & { fingerprint: Int32Array },
  ): Promise<DocumentRow>;
  insertCopies(copies: readonly CopyRow[]): Promise<void>;
  /** The copies among `ids` whose document is `ownerId`'s, each with its document. */
  copiesOf(ownerId: string, ids: readonly string[]): Promise<(CopyRow & { document: DocumentRow })[]>;
  /** The owner's documents of fingerprint `version` sharing any of `hashes`, with how many each shares. */
  documentsSharing(ownerId: string, version: number, hashes: Int32Array): Promise<DocumentSharingHashes[]>;
  /** The owner's documents, newest first, at most `limit`, each with how many copies were issued. */
  documentsOf(ownerId: string, limit: number): Promise<(DocumentRow & { copies: number })[]>;
  /** The owner's document `id`; undefined when it is not the owner's. */
  documentOf(ownerId: string, id: number): Promise<DocumentRow | undefined>;
  /** The copies of the owner's document, in the order issued ([] when the document is not the owner's). */
  copiesOfDocument(ownerId: string, documentId: number): Promise<CopyRow[]>;
  /**
   * Deletes the owner's document `id` and everything recorded of it: its copies, its variant record, its fingerprint
   * and the index rows of its hashes. False when it is not the owner's (nothing deleted). Run it in a unit of work.
   */
  deleteDocument(ownerId: string, id: number): Promise<boolean>;
  /** Records the variants of a document (in the unit of work, after its document). */
  insertVariants(variants: DocumentVariantsRow): Promise<void>;
  /** The variants of the owner's documents among `documentIds`; documents without variants are left out. */
  variantsOf(ownerId: string, documentIds: readonly number[]): Promise<DocumentVariantsRow[]>;
  /** The ids of the copies of the owner's documents among `documentIds`, each with its document, in issue order. */
  copyIdsOf(ownerId: string, documentIds: readonly number[]): Promise<{ id: string; documentId: number }[]>;
}
