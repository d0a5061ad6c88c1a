import type { JobName } from '../../domain/work/jobs.js';

/**
 * Per job, the input size (JOB_UNITS: UTF-16 units, times the copies or keys) below which it runs on the event loop
 * instead of a worker thread. The rule (`npm run bench -- pool` measures both sides and prints what it gives): on
 * ordinary text the job costs less than a hand-off to a worker and back, and on the worst input known for it
 * (bench/pool.ts: runs of selectors, of zero-width characters, of spaces, lone surrogates) it holds the event loop
 * at most about a millisecond. Figures and the runs behind them: docs/PERFORMANCE.md, "Work off the event loop".
 */
export const INLINE_BELOW: Readonly<Record<JobName, number>> = {
  encode: 2_048,
  'encode-robust': 128,
  decode: 4_096,
  'decode-robust': 16_384,
  analyze: 2_048,
  strip: 1_024,
  reveal: 1_024,
  'mark-copies': 64,
  'read-copy-marks': 4_096,
  fingerprint: 256,
  'plan-variants': 16,
  'mark-variant-copies': 256,
  'draw-variants': 4_096,
  'accuse-variants': 64,
};
