import { analyze } from 'wm-watermark-codec/analyze';
import { decode } from 'wm-watermark-codec/decode';
import { encode } from 'wm-watermark-codec/encode';
import { revealResult } from 'wm-watermark-codec/reveal';
import { decodeRobust, encodeRobust } from 'wm-watermark-codec/robust';
import { stripResult } from 'wm-watermark-codec/strip';
import type { DecodeOptions, EncodeOptions, EncodeRobustOptions } from 'wm-watermark-codec/types';
import { markCopy } from '../copies/marking.js';
import { readCopyMarks } from '../copies/reading.js';
import { accuseLeak, drawVariants, markVariantCopies, planCopyVariants } from '../copies/variant-jobs.js';
import { computeFingerprint, type FingerprintKey } from '../fingerprint/index.js';

/**
 * The work of a request that grows with its input, by name: each job a pure function of plain data (no store, no
 * clock, no context), so that it runs unchanged here or in a worker thread (docs/SERVER.md, "Work off the event
 * loop"). The domain decides what to run; a `WorkRunner` (./runner.ts) decides where. Inputs and results cross
 * threads by structured clone: strings, typed arrays, plain objects and node:crypto key objects.
 */
export const JOBS = {
  encode: (input: { text: string; secret: string; options: EncodeOptions }) =>
    encode(input.text, input.secret, input.options),
  'encode-robust': (input: { text: string; secret: string; options: EncodeRobustOptions }) =>
    encodeRobust(input.text, input.secret, input.options),
  decode: (input: { text: string; options: DecodeOptions }) => decode(input.text, input.options),
  'decode-robust': (input: { text: string; options: DecodeOptions }) => decodeRobust(input.text, input.options),
  analyze: (input: { encoded: string; original?: string }) => analyze(input.encoded, input.original),
  strip: (input: { text: string }) => stripResult(input.text),
  reveal: (input: { text: string; maxHidden: number }) => revealResult(input.text, input.maxHidden),
  /** one marked copy of the text per copy id, in order */
  'mark-copies': (input: { text: string; copyIds: string[]; key: Uint8Array }) =>
    input.copyIds.map((copyId) => markCopy(input.text, copyId, input.key)),
  'read-copy-marks': (input: { text: string; key: Uint8Array }) => readCopyMarks(input.text, input.key),
  fingerprint: (input: { text: string; key: FingerprintKey }) => computeFingerprint(input.text, input.key),
  /** visible variants (../copies/variant-jobs.ts): the sites of an issue, its copies, a preview's draw, a trace */
  'plan-variants': planCopyVariants,
  'mark-variant-copies': markVariantCopies,
  'draw-variants': drawVariants,
  'accuse-variants': accuseLeak,
};

export type JobName = keyof typeof JOBS;
export type JobInput<N extends JobName> = Parameters<(typeof JOBS)[N]>[0];
export type JobResult<N extends JobName> = ReturnType<(typeof JOBS)[N]>;

export const JOB_NAMES = Object.keys(JOBS) as JobName[];

/**
 * How much work a job's input asks for, in UTF-16 units of text to go through (a copy or a key more is the text
 * once more): what decides whether it is worth a hand-off to a worker thread.
 */
export const JOB_UNITS: { [N in JobName]: (input: JobInput<N>) => number } = {
  encode: (input) => input.text.length,
  'encode-robust': (input) => input.text.length,
  decode: (input) => input.text.length,
  'decode-robust': (input) => input.text.length,
  analyze: (input) => input.encoded.length + (input.original?.length ?? 0),
  strip: (input) => input.text.length,
  reveal: (input) => input.text.length,
  'mark-copies': (input) => input.text.length * input.copyIds.length,
  'read-copy-marks': (input) => input.text.length,
  fingerprint: (input) => input.text.length,
  'plan-variants': (input) => input.text.length,
  'mark-variant-copies': (input) => input.plan.text.length * input.copyIds.length,
  'draw-variants': (input) => input.plan.text.length * input.copyIds.length,
  // the text read once per document, and each copy scored at each of its document's recorded ids (4 bytes each)
  'accuse-variants': (input) =>
    input.documents.reduce(
      (sum, document) => sum + input.text.length + (document.copyIds.length * document.record.length) / 4,
      0,
    ),
};

/**
 * UTF-16 units of marked text per unit of carrier at most: the text itself, a robust mark (VS17+, two units) after
 * every character, and a copy's VS frames (about a third more, at one frame per FRAME_SPACING units).
 */
const MARKED_UNITS_PER_UNIT = 3.5;

/** UTF-16 units of a plan per unit of its text, about: the text, and the short forms of sites that never overlap. */
const PLAN_UNITS_PER_UNIT = 4;

/** The units of every site's two forms: what one copy's differences hold at most. */
const formUnits = (plan: JobInput<'draw-variants'>['plan']) =>
  plan.sites.reduce((sum, site) => sum + site.forms[0].length + site.forms[1].length, 0);

/**
 * An upper bound of the UTF-16 units of text a job's result holds: the copies of mark-copies grow with their number,
 * every other result with its input at most. It lets a runner refuse, before any work, a result it could not hold.
 */
export const JOB_RESULT_UNITS: { [N in JobName]: (input: JobInput<N>) => number } = {
  encode: (input) => MARKED_UNITS_PER_UNIT * input.text.length + 8 * input.secret.length,
  'encode-robust': (input) => MARKED_UNITS_PER_UNIT * input.text.length,
  decode: (input) => input.text.length,
  'decode-robust': (input) => input.text.length,
  analyze: () => 0,
  strip: (input) => input.text.length,
  // the visible text, and the hidden characters shown as segments
  reveal: (input) => 2 * input.text.length,
  'mark-copies': (input) => MARKED_UNITS_PER_UNIT * input.text.length * input.copyIds.length,
  'read-copy-marks': () => 0,
  fingerprint: () => 0,
  'plan-variants': (input) => PLAN_UNITS_PER_UNIT * input.text.length,
  'mark-variant-copies': (input) =>
    (MARKED_UNITS_PER_UNIT * input.plan.text.length + formUnits(input.plan)) * input.copyIds.length,
  'draw-variants': (input) => formUnits(input.plan) * input.copyIds.length,
  // numbers, and a sentence per document
  'accuse-variants': () => 0,
};

/** Runs a job here, in this thread. */
export function runJob<N extends JobName>(name: N, input: JobInput<N>): JobResult<N> {
  const job = JOBS[name] as (input: JobInput<N>) => JobResult<N>;
  return job(input);
}
