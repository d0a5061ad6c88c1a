import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strip } from 'wm-watermark-codec/strip';
import { openBenchAccount } from './bench-account.js';
import { generatedDocument } from './fingerprint/generated-texts.js';
import { LEAKS, lightEdits, paragraphOf } from './fingerprint/leaks.js';
import { recordDocument } from './fingerprint/record-document.js';
import { QUICK, median, percentile, round } from './measure.js';
import { seededRandom } from '../packages/codec/src/robust/prng.js';
import { fingerprintSealContext } from '../src/domain/copies/account-keys.js';
import { fingerprintKey } from '../src/domain/fingerprint/index.js';
import { deriveKeys, openSealedKey } from '../src/domain/keys.js';

/**
 * Issued copies on the real store (docs/TRACING.md): issuing 1,000 copies of a 20 KB document, then tracing leaks
 * against 10,000 recorded documents of 20 KB in SQLite through the whole trace (marks opened with the account's
 * copy-mark key, the fingerprint, the look-up, the ranking), the bytes a document costs, and how the fingerprint
 * fallback holds up when every mark is gone (the damages of bench/fingerprint/leaks.ts).
 */

const DOCUMENT_WORDS = 4000; // about 20 KB
const COPIES = QUICK ? 100 : 1000;
const DOCUMENTS = QUICK ? 1000 : 10_000;
const TRACES = QUICK ? 100 : 400;
const FALLBACK_DOCUMENTS = QUICK ? 40 : 150;
const EMAIL = 'bench@example.com';

export interface CopiesResult {
  issue: { copies: number; documentKb: number; totalMs: number; msPerCopy: number };
  trace: { documents: number; bytesPerDocument: number; p50Ms: number; p95Ms: number; named: string; found: string };
  fallback: { leak: string; found: string; wrong: number }[];
}

const documentText = (id: number): string => generatedDocument(id, DOCUMENT_WORDS);

export async function measureCopies(log: (line: string) => void): Promise<CopiesResult> {
  const folder = mkdtempSync(join(tmpdir(), 'wm-bench-copies-'));
  const file = join(folder, 'wm.db');
  const { store, domain, masterKey, ownerId: owner } = await openBenchAccount(file, EMAIL);
  try {
    const run = await domain.admin.accountOperations(EMAIL);
    const memo = documentText(0);
    const recipients = Array.from({ length: COPIES }, (_, i) => `reader-${i}@example.com`);
    let start = performance.now();
    const issued = await run('issue_copies', { text: memo, recipients, name: 'memo' });
    const totalMs = performance.now() - start;
    log(`copies: ${COPIES} copies of ${Buffer.byteLength(memo)} bytes issued in ${round(totalMs)} ms`);

    // the other documents recorded as an issue records them (fingerprint under the owner's key), one copy each
    const sealed = (await store.copies.sealedFingerprintKey(owner))!;
    const key = fingerprintKey(openSealedKey(deriveKeys(masterKey).channelWrap, sealed, fingerprintSealContext(owner)));
    for (let id = 1; id < DOCUMENTS; id++) {
      await store.transaction(async (tx) => {
        const row = await recordDocument(tx, owner, `document ${id}`, documentText(id), key);
        await tx.copies.insertCopies([
          {
            id: `bench-${id}`,
            documentId: row.id,
            position: 0,
            recipient: `r${id}`,
            channelId: null,
            marks: '{}',
            createdAt: 0,
          },
        ]);
      });
      if (id % 2000 === 0) log(`  ${id} documents recorded`);
    }
    store.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const bytesPerDocument = Math.round(statSync(file).size / DOCUMENTS);

    // half the leaks a marked paragraph of an issued copy (names its recipient), half a stripped and lightly
    // edited paragraph of a recorded document (names the document)
    const times: number[] = [];
    let named = 0;
    let found = 0;
    for (let i = 0; i < TRACES; i++) {
      const random = seededRandom(i);
      const marked = i % 2 === 0;
      const copy = issued.copies[Math.floor(random() * issued.copies.length)];
      const id = 1 + Math.floor(random() * (DOCUMENTS - 1));
      const leak = marked
        ? paragraphOf(copy.text, random)
        : lightEdits(paragraphOf(documentText(id), random), random, 0.02);
      start = performance.now();
      const traced = await run('trace', { text: leak });
      times.push(performance.now() - start);
      if (marked && traced.recipients.length === 1 && traced.recipients[0].copy_id === copy.copy_id) named++;
      if (!marked && traced.verdict === 'document' && traced.documents[0].document.name === `document ${id}`) found++;
    }
    const trace = {
      documents: DOCUMENTS,
      bytesPerDocument,
      p50Ms: round(median(times)),
      p95Ms: round(percentile(times, 95)),
      named: `${named} / ${TRACES / 2}`,
      found: `${found} / ${TRACES / 2}`,
    };
    log(`copies: trace ${JSON.stringify(trace)}`);

    // the fallback: every mark gone, then each damage; the answer must be the document, never a recipient
    const fallback = LEAKS.map((leak) => {
      let right = 0;
      let wrong = 0;
      return (async () => {
        for (let id = 1; id <= FALLBACK_DOCUMENTS; id++) {
          const random = seededRandom(id * 7919);
          const text = leak.make(strip(documentText(id), { all: true }), random);
          const traced = await run('trace', { text });
          const first = traced.documents[0]?.document.name;
          if (traced.verdict === 'document' && first === `document ${id}`) right++;
          else if (traced.recipients.length > 0 || (first !== undefined && first !== `document ${id}`)) wrong++;
        }
        return { leak: leak.name, found: `${right} / ${FALLBACK_DOCUMENTS}`, wrong };
      })();
    });
    const rows: CopiesResult['fallback'] = [];
    for (const row of fallback) rows.push(await row);
    return {
      issue: {
        copies: COPIES,
        documentKb: round(Buffer.byteLength(memo) / 1024),
        totalMs: round(totalMs),
        msPerCopy: round(totalMs / COPIES),
      },
      trace,
      fallback: rows,
    };
  } finally {
    await store.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
