import type { JobName } from '../../domain/work/jobs.js';

/**
 * Per job, the input size (JOB_UNITS: UTF-16 units, times the copies or keys) below which it runs on the event loop
 * instead of a worker thread. The rule (`npm run bench -- pool` measures both sides and prints what it gives): on
 * ordinary text the job costs less than a hand-off to a worker and back, and on the worst input known for it
 * (bench/pool.ts: runs of selectors, of zero-width characters, of spaces, lone surrogates) it holds the event loop
 * at most about a millisecond. Figures and the runs behind them: docs/PERFORMANCE.md, "Work off the event loop".
 */
export const INLINE_BELOW: Readonly<Record<JobName, number>> = {
  encode: 16_384,
  'encode-robust': 2_048,
  decode: 16_384,
  'decode-robust': 2_048,
  analyze: 8_192,
  strip: 8_192,
  reveal: 4_096,
  'mark-copies': 256,
  'read-copy-marks': 4_096,
  fingerprint: 1_024,
  'plan-variants': 16,
  'mark-variant-copies': 256,
  'draw-variants': 4_096,
  'accuse-variants': 64,
};
