import { crop } from '../packages/codec/test/variants/leaks.js';
import { generatedProse } from '../packages/codec/test/variants/generated-prose.js';
import { QUICK, median, percentile, round } from './measure.js';
import {
  accuseVariants,
  encodeVariantRecord,
  keyedVariants,
  planVariants,
  readVariants,
  variantKey,
} from 'wm-watermark-codec/variants';

/**
 * Visible variants in the codec (docs/TRACING.md, "Visible variants"): issuing 100 variant copies of a 20 KB
 * document (the sites found once, then each copy written from its keyed choices), and tracing a 300-word passage
 * of one copy against 100 and against 10,000 copy ids (reading the leak, then scoring every copy). The database
 * look-up of the recorded copies comes with the trace's wiring into the copies domain; this is the codec's share.
 */

const COPIES = 100;
const DOCUMENT_WORDS = 3300; // about 20 KB
const ROUNDS = QUICK ? 5 : 20;

export interface VariantsResult {
  documentKb: number;
  sites: number;
  positions: number;
  recordBytes: number;
  issue: { copies: number; planMs: number; copiesMs: number; totalMs: number; msPerCopy: number };
  trace: { copies: number; p50Ms: number; p95Ms: number; positions: number }[];
}

export function measureVariants(log: (line: string) => void): VariantsResult {
  const text = generatedProse(20_000, DOCUMENT_WORDS);
  const key = variantKey(new Uint8Array(32).fill(0x5a));
  const copyIds = Array.from({ length: 10_000 }, (_, i) => `c${i.toString(36).padStart(11, '0')}`);
  const plans: number[] = [];
  const writes: number[] = [];
  let plan = planVariants(text, { recipients: COPIES });
  let issue = keyedVariants(plan, key);
  for (let round = 0; round < ROUNDS; round++) {
    let start = performance.now();
    plan = planVariants(text, { recipients: COPIES });
    plans.push(performance.now() - start);
    start = performance.now();
    issue = keyedVariants(plan, key);
    issue.copies(copyIds.slice(0, COPIES));
    writes.push(performance.now() - start);
  }
  const planMs = median(plans);
  const copiesMs = median(writes);
  log(
    `variants: ${COPIES} copies of ${Buffer.byteLength(text)} bytes, ` +
      `plan ${round(planMs)} ms + copies ${round(copiesMs)} ms`,
  );

  const [leaker] = issue.copies([copyIds[0]]);
  const trace = [100, 10_000].map((copies) => {
    const times: number[] = [];
    let positions = 0;
    for (let n = 0; n < ROUNDS * 3; n++) {
      const passage = crop(leaker.text, 300, n + 1);
      const start = performance.now();
      const reading = readVariants(passage, issue.record, key);
      const accusation = accuseVariants(reading, key, copyIds.slice(0, copies));
      times.push(performance.now() - start);
      positions += accusation.positions;
    }
    log(`variants: trace 300 words against ${copies} copies, p50 ${round(percentile(times, 50))} ms`);
    return {
      copies,
      p50Ms: round(percentile(times, 50)),
      p95Ms: round(percentile(times, 95)),
      positions: round(positions / (ROUNDS * 3), 1),
    };
  });
  return {
    documentKb: round(Buffer.byteLength(text) / 1024, 1),
    sites: plan.capacity.sites,
    positions: plan.capacity.positions,
    recordBytes: encodeVariantRecord(issue.record).length,
    issue: {
      copies: COPIES,
      planMs: round(planMs),
      copiesMs: round(copiesMs),
      totalMs: round(planMs + copiesMs),
      msPerCopy: round((planMs + copiesMs) / COPIES, 3),
    },
    trace,
  };
}
