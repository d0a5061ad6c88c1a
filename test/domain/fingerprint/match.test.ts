import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  FingerprintIndex,
  MATCH_THRESHOLDS,
  compareFingerprints,
  computeFingerprint,
  fingerprintKey,
  isTraceable,
  rankMatches,
  type FingerprintMatch,
} from '../../../src/domain/fingerprint/index.js';

const KEY = fingerprintKey(new Uint8Array(32).fill(3));

/** A document of made-up words (distinct per seed, so documents share no passage). */
const documentOf = (seed: number, words: number): string =>
  Array.from({ length: words }, (_, i) => `d${seed}w${(i * 7919 + seed) % 4093}`).join(' ');

describe('matching a leak against stored fingerprints', () => {
  test('a paragraph cut from a document names that document and no other, with the share it covers', () => {
    const documents = Array.from({ length: 30 }, (_, seed) => documentOf(seed, 400 + seed * 20));
    const index = new FingerprintIndex<number>(1);
    documents.forEach((text, seed) => index.add(seed, computeFingerprint(text, KEY)));
    fc.assert(
      fc.property(fc.nat(29), fc.nat(), fc.integer({ min: 60, max: 200 }), (seed, at, length) => {
        const words = documents[seed].split(' ');
        const start = at % (words.length - length);
        const leak = words.slice(start, start + length).join('\n');
        const matches = index.search(computeFingerprint(leak, KEY));
        expect(matches.map((match) => match.document)).toEqual([seed]);
        const [match] = matches;
        expect(match.recipient).toBeNull();
        // every window of the cut is a window of the document: all of its hashes are the document's
        expect(match.similarity).toBe(1);
        // the share of the document's hashes: near the share of its words the leak holds
        expect(Math.abs(match.coverage - length / words.length)).toBeLessThan(0.1);
      }),
      { numRuns: 200 },
    );
  });

  test('the index answers what comparing the leak with every stored fingerprint answers', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { minLength: 0, maxLength: 120 }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { maxLength: 120 }),
        (documents, leakWords) => {
          const index = new FingerprintIndex<number>(1);
          const fingerprints = documents.map((words) => computeFingerprint(words.join(' '), KEY));
          fingerprints.forEach((fingerprint, i) => index.add(i, fingerprint));
          const leak = computeFingerprint(leakWords.join(' '), KEY);
          const oneByOne = fingerprints
            .map((fingerprint, i) => compareFingerprints(leak, fingerprint, i))
            .filter((match): match is FingerprintMatch<number> => match !== null);
          const byDocument = (a: FingerprintMatch<number>, b: FingerprintMatch<number>) => a.document - b.document;
          expect([...index.search(leak)].sort(byDocument)).toEqual(oneByOne.sort(byDocument));
        },
      ),
      { numRuns: 300 },
    );
  });

  test('needs both enough shared hashes and enough of the leak', () => {
    const { minShared, minSimilarity } = MATCH_THRESHOLDS;
    const candidate = (document: string, shared: number) => ({ document, shared, documentHashes: 100 });
    const leakHashes = Math.ceil(minShared / minSimilarity);
    const ranked = rankMatches(leakHashes, [
      candidate('too few', minShared - 1),
      candidate('enough', minShared),
      candidate('more', minShared + 1),
    ]);
    expect(ranked.map((match) => match.document)).toEqual(['more', 'enough']);
    expect(rankMatches(leakHashes * 2, [candidate('too little of the leak', minShared)])).toEqual([]);
    expect(ranked[1]).toEqual({
      document: 'enough',
      recipient: null,
      shared: minShared,
      similarity: minShared / leakHashes,
      coverage: minShared / 100,
    });
  });

  test('a leak of a few words cannot be traced', () => {
    expect(isTraceable(computeFingerprint('too short to say anything at all here', KEY))).toBe(false);
    expect(isTraceable(computeFingerprint(documentOf(1, 100), KEY))).toBe(true);
  });

  test('an index holds one version of fingerprints and each document once', () => {
    const index = new FingerprintIndex<string>(1);
    const fingerprint = computeFingerprint(documentOf(2, 100), KEY);
    index.add('memo', fingerprint);
    expect(() => index.add('memo', fingerprint)).toThrow(/already/);
    expect(() => index.add('other', { ...fingerprint, version: 2 })).toThrow(/version/);
    expect(index.search({ ...fingerprint, version: 2 })).toEqual([]);
    expect(index.documents).toBe(1);
  });
});
