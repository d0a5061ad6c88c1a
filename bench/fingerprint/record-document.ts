import { computeFingerprint, type FingerprintKey } from '../../src/domain/fingerprint/index.js';
import type { DocumentRow, UnitOfWork } from '../../src/store/port/index.js';

/**
 * Records `text` in the real store as an issue records its document: the fingerprint under the owner's `key`, and
 * the index rows of its hashes (the store's insertDocument), never the text.
 */
export function recordDocument(
  tx: UnitOfWork,
  ownerId: string,
  name: string,
  text: string,
  key: FingerprintKey,
): Promise<DocumentRow> {
  const fingerprint = computeFingerprint(text, key);
  return tx.copies.insertDocument({
    ownerId,
    name,
    characters: text.length,
    fingerprintVersion: fingerprint.version,
    fingerprint: fingerprint.hashes,
    createdAt: Date.now(),
  });
}
