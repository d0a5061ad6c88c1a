import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generatedDocument } from './fingerprint/generated-texts.js';
import { lightEdits, paragraphOf } from './fingerprint/leaks.js';
import { FINGERPRINT_STORE_DDL, openFingerprintStore, type FingerprintStore } from './fingerprint/sqlite-store.js';
import { QUICK, median, round } from './measure.js';
import { seededRandom } from '../packages/codec/src/robust/prng.js';
import { computeFingerprint, fingerprintKey } from '../src/domain/fingerprint/index.js';

/**
 * The fingerprint of visible text (docs/TRACING.md): how fast it is made, how many bytes a document costs in SQLite
 * with the proposed tables (bench/fingerprint/sqlite-store.ts), and how long tracing a leaked paragraph takes
 * against 10,000 documents of 20 KB — fingerprint, look-up and ranking, as wm trace will run them.
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

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function traceTimes(store: FingerprintStore, indexed: number): Omit<FingerprintStoreRow, 'bytesPerDocument'> {
  const times: number[] = [];
  let found = 0;
  let falseMatches = 0;
  for (let i = 0; i < TRACES; i++) {
    const random = seededRandom(i);
    const own = i % 2 === 0;
    const id = own ? Math.floor(random() * indexed) : 5_000_000 + i;
    const leak = lightEdits(paragraphOf(documentText(id), random), random, 0.02);
    const start = performance.now();
    const matches = store.trace(computeFingerprint(leak, key), 'owner-1');
    times.push(performance.now() - start);
    if (own && matches[0]?.document === id) found++;
    if (!own && matches.length > 0) falseMatches++;
  }
  return {
    documents: indexed,
    hashesPerDocument: round(store.hashCount() / indexed, 3),
    traceP50Ms: round(median(times)),
    traceP95Ms: round(percentile(times, 95)),
    found: `${found} / ${TRACES / 2}`,
    falseMatches: `${falseMatches} / ${TRACES / 2}`,
  };
}

export function measureFingerprint(log: (line: string) => void): FingerprintResult {
  const sample = documentText(1);
  const rounds = QUICK ? 20 : 100;
  const start = performance.now();
  for (let i = 0; i < rounds; i++) computeFingerprint(sample, key);
  const mbPerSecond = round((rounds * Buffer.byteLength(sample)) / 1e6 / ((performance.now() - start) / 1000));

  const folder = mkdtempSync(join(tmpdir(), 'wm-bench-fingerprint-'));
  const path = join(folder, 'fingerprints.db');
  const store = openFingerprintStore(path);
  const rows: FingerprintStoreRow[] = [];
  try {
    log(`fingerprint store: ${FINGERPRINT_STORE_DDL.length} statements, ${DOCUMENTS} documents of ~20 KB`);
    let next = 0;
    for (const checkpoint of CHECKPOINTS) {
      store.addMany(
        Array.from({ length: checkpoint - next }, (_, i) => {
          const id = next + i;
          return { id, owner: 'owner-1', fingerprint: computeFingerprint(documentText(id), key) };
        }),
      );
      next = checkpoint;
      store.checkpoint();
      const bytes = statSync(path).size;
      rows.push({ ...traceTimes(store, checkpoint), bytesPerDocument: Math.round(bytes / checkpoint) });
      log(`  ${checkpoint} documents: ${JSON.stringify(rows[rows.length - 1])}`);
    }
  } finally {
    store.close();
    rmSync(folder, { recursive: true, force: true });
  }
  return { mbPerSecond, rows };
}
