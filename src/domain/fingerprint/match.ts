import type { Fingerprint } from './fingerprint.js';

/**
 * What a fingerprint can say about a leaked text: which document it comes from, how much of the leak that document
 * explains and how much of the document the leak covers. Never who received it: every copy of a document has the
 * same visible text, so `recipient` is always null here; only a keyed mark that authenticates names a recipient.
 */
export interface FingerprintMatch<D> {
  document: D;
  recipient: null;
  /** kept hashes the leak and the document share */
  shared: number;
  /** shared / the leak's hashes: the share of the leaked text found in this document (0–1) */
  similarity: number;
  /** shared / the document's hashes: the share of the document the leaked text covers (0–1) */
  coverage: number;
}

/** What a document shares with the leak, as an index of hashes answers it. */
export interface SharedHashes<D> {
  document: D;
  shared: number;
  /** how many hashes the document's fingerprint holds */
  documentHashes: number;
}

/**
 * When shared hashes mean a shared text. Unrelated texts share a kept hash only where they share a phrase of five
 * words (or the keyed 32-bit values collide); three such in one document, making at least a fifth of the leak, did not
 * happen once in the measurements of docs/TRACING.md, while a paragraph of 50 words or more cut from a document
 * clears both almost always.
 */
export const MATCH_THRESHOLDS = Object.freeze({ minShared: 3, minSimilarity: 0.2 });

/** The documents that pass MATCH_THRESHOLDS, most shared hashes first (then most coverage). */
export function rankMatches<D>(leakHashes: number, candidates: Iterable<SharedHashes<D>>): FingerprintMatch<D>[] {
  const matches: FingerprintMatch<D>[] = [];
  for (const { document, shared, documentHashes } of candidates) {
    const similarity = leakHashes === 0 ? 0 : shared / leakHashes;
    if (shared < MATCH_THRESHOLDS.minShared || similarity < MATCH_THRESHOLDS.minSimilarity) continue;
    matches.push({ document, recipient: null, shared, similarity, coverage: shared / documentHashes });
  }
  return matches.sort((a, b) => b.shared - a.shared || b.coverage - a.coverage);
}

/** Whether a leak holds enough hashes to be matched at all (a few words cannot be). */
export const isTraceable = (leak: Fingerprint): boolean => leak.hashes.length >= MATCH_THRESHOLDS.minShared;

/** How many hashes two fingerprints share (both sorted, as computeFingerprint makes them). */
export function sharedHashCount(a: Fingerprint, b: Fingerprint): number {
  if (a.version !== b.version) return 0;
  let shared = 0;
  for (let i = 0, j = 0; i < a.hashes.length && j < b.hashes.length;) {
    if (a.hashes[i] === b.hashes[j]) {
      shared++;
      i++;
      j++;
    } else if (a.hashes[i] < b.hashes[j]) i++;
    else j++;
  }
  return shared;
}

/** One leak against one stored fingerprint: the match, or null when they do not pass MATCH_THRESHOLDS. */
export function compareFingerprints<D>(
  leak: Fingerprint,
  stored: Fingerprint,
  document: D,
): FingerprintMatch<D> | null {
  const candidate = { document, shared: sharedHashCount(leak, stored), documentHashes: stored.hashes.length };
  return rankMatches(leak.hashes.length, [candidate])[0] ?? null;
}
