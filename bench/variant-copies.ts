import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strip } from 'wm-watermark-codec/strip';
import { openBenchAccount } from './bench-account.js';
import { QUICK, median, percentile, round } from './measure.js';
import { crop } from '../packages/codec/test/variants/leaks.js';
import { generatedProse } from '../packages/codec/test/variants/generated-prose.js';
import { newCopyId } from '../src/domain/copies/marking.js';

/**
 * Variant copies on the real store (docs/TRACING.md, "Visible variants"): issuing 100 variant copies of a 20 KB
 * document through the domain (sites found, each copy written from its keyed choices and marked, all recorded),
 * then tracing leaks of them stripped of every invisible character against 10,000 recorded copies of that document
 * in SQLite, through the whole trace (marks, fingerprint, the document's variant record, every copy's score): 300-word
 * passages, and whole copies.
 */

const COPIES = 100;
const RECORDED = 10_000;
const DOCUMENT_WORDS = 3300; // about 20 KB
const TRACES = QUICK ? 40 : 200;
const EMAIL = 'variants@example.com';

export interface VariantCopiesRow {
  leak: string;
  p50Ms: number;
  p95Ms: number;
  /** leaks whose variants named their recipient, read too few positions, and named anyone else (must be 0) */
  named: string;
  tooFew: number;
  wrong: number;
}

export interface VariantCopiesResult {
  issue: { copies: number; documentKb: number; sites: number; positions: number; totalMs: number };
  recorded: number;
  trace: VariantCopiesRow[];
}

export async function measureVariantCopies(log: (line: string) => void): Promise<VariantCopiesResult> {
  const folder = mkdtempSync(join(tmpdir(), 'wm-bench-variant-copies-'));
  const { store, domain, ownerId } = await openBenchAccount(join(folder, 'wm.db'), EMAIL);
  try {
    const run = await domain.admin.accountOperations(EMAIL);
    const text = generatedProse(42_042, DOCUMENT_WORDS);
    const recipients = Array.from({ length: COPIES }, (_, i) => `reader-${i}@example.com`);
    const start = performance.now();
    const issued = await run('issue_copies', { text, recipients, name: 'report', variants: {} });
    const totalMs = performance.now() - start;
    const variants = issued.document.variants!;
    log(`variant copies: ${COPIES} copies of ${Buffer.byteLength(text)} bytes issued in ${round(totalMs)} ms`);

    // the rest of the 10,000 copies, recorded as an issue records them: only their ids enter the trace's scores
    const [first] = await store.copies.copiesOf(ownerId, [issued.copies[0].copy_id]);
    const others = Array.from({ length: RECORDED - COPIES }, (_, i) => ({
      id: newCopyId(),
      documentId: first.documentId,
      position: COPIES + i,
      recipient: `other-${i}@example.com`,
      channelId: null,
      marks: '{}',
      createdAt: first.createdAt,
    }));
    // in issues' sizes: one statement's variables are limited
    for (let i = 0; i < others.length; i += COPIES) {
      await store.transaction((tx) => tx.copies.insertCopies(others.slice(i, i + COPIES)));
    }

    const leaks = [
      { leak: '300-word passage, stripped', make: (copy: string, i: number) => crop(copy, 300, i) },
      { leak: `whole copy (${DOCUMENT_WORDS} words), stripped`, make: (copy: string) => copy },
    ];
    const trace: VariantCopiesRow[] = [];
    for (const { leak, make } of leaks) {
      const times: number[] = [];
      let named = 0;
      let tooFew = 0;
      let wrong = 0;
      for (let i = 0; i < TRACES; i++) {
        const copy = issued.copies[i % COPIES];
        const text = make(strip(copy.text, { all: true }), i);
        const began = performance.now();
        const traced = await run('trace', { text });
        times.push(performance.now() - began);
        const ids = traced.recipients.map((found) => found.copy_id);
        if (ids.length === 1 && ids[0] === copy.copy_id) named++;
        if (ids.some((id) => id !== copy.copy_id)) wrong++;
        if (traced.variants[0]?.verdict === 'too_few_sites') tooFew++;
      }
      const row = {
        leak,
        p50Ms: round(median(times)),
        p95Ms: round(percentile(times, 95)),
        named: `${named} / ${TRACES}`,
        tooFew,
        wrong,
      };
      log(`variant copies: trace ${JSON.stringify(row)}`);
      trace.push(row);
    }
    return {
      issue: {
        copies: COPIES,
        documentKb: round(Buffer.byteLength(text) / 1024),
        sites: variants.sites,
        positions: variants.positions,
        totalMs: round(totalMs),
      },
      recorded: RECORDED,
      trace,
    };
  } finally {
    await store.close();
    rmSync(folder, { recursive: true, force: true });
  }
}
