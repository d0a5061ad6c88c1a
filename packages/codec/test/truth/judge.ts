import { decode } from 'wm-watermark-codec/decode';
import { CodecError } from 'wm-watermark-codec/errors';
import { findMarks } from 'wm-watermark-codec/findings';
import { decodeRobust } from 'wm-watermark-codec/robust';
import { KEY, OTHER_KEY, VERIFYING_KEYS } from './marking.js';

/**
 * Every way a damaged text is read, and what each reading is worth: the secret embedded (correct), no mark found,
 * an honest failure (damaged, needs another key, not keyed), or a lie: a secret that was never embedded, or, when a
 * key was given, an unkeyed mark as the answer without acceptUnkeyed.
 */
export type Outcome = 'correct' | 'no mark' | 'honest failure' | 'wrong';
export const OUTCOMES: readonly Outcome[] = ['correct', 'no mark', 'honest failure', 'wrong'];

interface Found {
  decoded: string | null;
  keyed: boolean;
  kind?: string;
}

interface Reading {
  name: string;
  /** the key the reader gave, and whether it accepts unkeyed marks with it */
  keyed: boolean;
  acceptUnkeyed: boolean;
  /** the marks it answers with, the first being its answer; null for "no mark"; throws CodecError when it fails */
  read(text: string): Found[] | null;
}

const READINGS: Reading[] = [
  { name: 'decode', keyed: false, acceptUnkeyed: false, read: (text) => decode(text).watermarks },
  {
    name: 'decode, with the key and the signers',
    keyed: true,
    acceptUnkeyed: false,
    read: (text) => decode(text, { key: KEY, keys: VERIFYING_KEYS }).watermarks,
  },
  {
    name: 'decode, with another key',
    keyed: true,
    acceptUnkeyed: false,
    read: (text) => decode(text, { key: OTHER_KEY }).watermarks,
  },
  {
    name: 'decode, with the key, accepting unkeyed marks',
    keyed: true,
    acceptUnkeyed: true,
    read: (text) => decode(text, { key: KEY, acceptUnkeyed: true }).watermarks,
  },
  { name: 'decode-robust', keyed: false, acceptUnkeyed: false, read: (text) => robustMarks(decodeRobust(text)) },
  {
    name: 'decode-robust, with the key',
    keyed: true,
    acceptUnkeyed: false,
    read: (text) => robustMarks(decodeRobust(text, { key: KEY })),
  },
];

/** A scan (wm scan, the checker's map) reports marks it cannot open as such: their secret is null. */
const SCAN: Reading = {
  name: 'scan, with the key',
  keyed: false,
  acceptUnkeyed: true,
  read: (text) => {
    const found = findMarks(text, { key: KEY });
    const marks = [...found.watermarks, ...found.robust];
    return marks.length === 0 ? null : marks;
  },
};

const robustMarks = (result: ReturnType<typeof decodeRobust>): Found[] | null =>
  result.is_encoded ? result.watermarks : null;

export interface Verdict {
  reading: string;
  outcome: Outcome;
  /** what was wrong, for a lie */
  why?: string;
}

/** How one reading of `text` fares, given the secrets embedded in what it was made from. */
function judgeReading(reading: Reading, text: string, embedded: ReadonlySet<string>): Verdict {
  let found: Found[] | null;
  try {
    found = reading.read(text);
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
    return { reading: reading.name, outcome: error.code === 'NO_WATERMARK' ? 'no mark' : 'honest failure' };
  }
  if (found === null) return { reading: reading.name, outcome: 'no mark' };
  const lie = found.find(
    (mark) =>
      (mark.decoded !== null && !embedded.has(mark.decoded)) ||
      mark.kind === 'raw' ||
      (reading.keyed && !reading.acceptUnkeyed && !mark.keyed),
  );
  if (lie) return { reading: reading.name, outcome: 'wrong', why: JSON.stringify(lie) };
  const answer = found.find((mark) => mark.decoded !== null);
  return { reading: reading.name, outcome: answer ? 'correct' : 'honest failure' };
}

/** Every reading of the damaged text (the scan's too when `withScan`), each judged. */
export function judge(text: string, embedded: ReadonlySet<string>, withScan = false): Verdict[] {
  const readings = withScan ? [...READINGS, SCAN] : READINGS;
  return readings.map((reading) => judgeReading(reading, text, embedded));
}
