import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBenchAccount } from './bench-account.js';
import { generatedDocument } from './fingerprint/generated-texts.js';
import { lightEdits, paragraphOf } from './fingerprint/leaks.js';
import { recordDocument } from './fingerprint/record-document.js';
import { QUICK, median, percentile, round } from './measure.js';
import { seededRandom } from '../packages/codec/src/robust/prng.js';
import { computeFingerprint, fingerprintKey, rankMatches } from '../src/domain/fingerprint/index.js';
import type { SqliteStore } from '../src/store/sqlite/index.js';

/**
 * The fingerprint of visible text (docs/TRACING.md): how fast it is made, how many bytes a document costs in the
 * real SQLite store (the documents and document_hashes tables of drizzle/0007_copies.sql, written by the store's
 * insertDocument), and how long tracing a leaked paragraph takes against 10,000 documents of 20 KB: fingerprint,
 * the store's look-up (documentsSharing) and the ranking, as wm trace runs them once no mark names a copy.
 */

const DOCUMENTS = QUICK ? 1000 : 10_000;
const CHECKPOINTS = QUICK ? [250, 500, 1000] : [1000, 2500, 5000, 10_000];
const DOCUMENT_WORDS = 3300; // about 20 KB of text
const TRACES = QUICK ? 100 : 400;
const key = fingerprintKey(new Uint8Array(32).fill(0x5a));

export interface FingerprintStoreRow {
  documents: number;
  /** the database file (WAL checkpointed) per document */
  bytesPerDocument: number;
  hashesPerDocument: number;
  traceP50Ms: number;
  traceP95Ms: number;
  /** leaks of indexed documents whose best match was their document */
  found: string;
  /** leaks of other documents that matched anything */
  falseMatches: string;
}

export interface FingerprintResult {
  /** MB of text fingerprinted per second (20 KB documents) */
  mbPerSecond: number;
  rows: FingerprintStoreRow[];
}

const documentText = (id: number): string => generatedDocument(id, DOCUMENT_WORDS);

/** Records documents `from`…`to - 1` (named by their number) in one transaction; their ids in the store. */
function recordDocuments(store: SqliteStore, ownerId: string, from: number, to: number): Promise<number[]> {
  return store.transaction(async (tx) => {
    const ids: number[] = [];
    for (let n = from; n < to; n++)
      ids.push((await recordDocument(tx, ownerId, `document ${n}`, documentText(n), key)).id);
    return ids;
  });
}

async function traceTimes(
  store: SqliteStore,
  ownerId: string,
  ids: readonly number[],
): Promise<Omit<FingerprintStoreRow, 'bytesPerDocument'>> {
  const indexed = ids.length;
  const times: number[] = [];
  let found = 0;
  let falseMatches = 0;
  for (let i = 0; i < TRACES; i++) {
    const random = seededRandom(i);
    const own = i % 2 === 0;
    const id = own ? Math.floor(random() * indexed) : 5_000_000 + i;
    const leak = lightEdits(paragraphOf(documentText(id), random), random, 0.02);
    const start = performance.now();
    const fingerprint = computeFingerprint(leak, key);
    const candidates = await store.copies.documentsSharing(ownerId, fingerprint.version, fingerprint.hashes);
    const matches = rankMatches(fingerprint.hashes.length, candidates);
    times.push(performance.now() - start);
    if (own && matches[0]?.document.id === ids[id]) found++;
    if (!own && matches.length > 0) falseMatches++;
  }
  const hashes = store.sqlite.prepare('SELECT count(*) FROM document_hashes').pluck().get() as number;
  return {
    documents: indexed,
    hashesPerDocument: round(hashes / indexed, 3),
    traceP50Ms: round(median(times)),
    traceP95Ms: round(percentile(times, 95)),
    found: `${found} / ${TRACES / 2}`,
    falseMatches: `${falseMatches} / ${TRACES / 2}`,
  };
}

export async function measureFingerprint(log: (line: string) => void): Promise<FingerprintResult> {
  const sample = documentText(1);
  const rounds = QUICK ? 20 : 100;
  const start = performance.now();
  for (let i = 0; i < rounds; i++) computeFingerprint(sample, key);
  const mbPerSecond = round((rounds * Buffer.byteLength(sample)) / 1e6 / ((performance.now() - start) / 1000));

  const folder = mkdtempSync(join(tmpdir(), 'wm-bench-fingerprint-'));
  const path = join(folder, 'wm.db');
  const { store, ownerId } = await openBenchAccount(path, 'bench@example.com');
  // the file as it is before any document: what the documents add is what they cost
  store.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  const emptyBytes = statSync(path).size;
  const rows: FingerprintStoreRow[] = [];
  try {
    log(`fingerprint: the real store (SQLite), ${DOCUMENTS} documents of ~20 KB`);
    const ids: number[] = [];
    for (const checkpoint of CHECKPOINTS) {
      ids.push(...(await recordDocuments(store, ownerId, ids.length, checkpoint)));
      store.sqlite.pragma('wal_checkpoint(TRUNCATE)');
      const bytes = statSync(path).size - emptyBytes;
      rows.push({ ...(await traceTimes(store, ownerId, ids)), bytesPerDocument: Math.round(bytes / checkpoint) });
      log(`  ${checkpoint} documents: ${JSON.stringify(rows[rows.length - 1])}`);
    }
  } finally {
    await store.close();
    rmSync(folder, { recursive: true, force: true });
  }
  return { mbPerSecond, rows };
}
