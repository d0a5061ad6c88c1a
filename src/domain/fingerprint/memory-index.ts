import type { Fingerprint } from './fingerprint.js';
import { rankMatches, type FingerprintMatch, type SharedHashes } from './match.js';

/**
 * An index of hashes → documents held in memory: the lookup a database does with its (hash, document) index
 * (docs/TRACING.md, "Storage"), for a set of fingerprints that a process holds itself.
 */
export class FingerprintIndex<D> {
  private readonly byHash = new Map<number, D[]>();
  private readonly hashCounts = new Map<D, number>();

  constructor(readonly version: number) {}

  add(document: D, fingerprint: Fingerprint): void {
    if (fingerprint.version !== this.version)
      throw new RangeError(`fingerprint version ${fingerprint.version} in an index of version ${this.version}`);
    if (this.hashCounts.has(document)) throw new RangeError('this document is in the index already');
    this.hashCounts.set(document, fingerprint.hashes.length);
    for (const hash of fingerprint.hashes) {
      const documents = this.byHash.get(hash);
      if (documents) documents.push(document);
      else this.byHash.set(hash, [document]);
    }
  }

  get documents(): number {
    return this.hashCounts.size;
  }

  /** The documents the leak matches, best first (rankMatches). */
  search(leak: Fingerprint): FingerprintMatch<D>[] {
    return rankMatches(leak.hashes.length, this.candidates(leak));
  }

  /** Every document that shares a hash with the leak, and how many, before any threshold. */
  candidates(leak: Fingerprint): SharedHashes<D>[] {
    if (leak.version !== this.version) return [];
    const shared = new Map<D, number>();
    for (const hash of leak.hashes) {
      for (const document of this.byHash.get(hash) ?? []) shared.set(document, (shared.get(document) ?? 0) + 1);
    }
    return [...shared].map(([document, count]) => ({
      document,
      shared: count,
      documentHashes: this.hashCounts.get(document)!,
    }));
  }
}
