import { INDEX_FIELD_SLOTS, WIDTH_FIELD_BITS } from './layout.js';
import { voteIndexWidth } from './locate.js';

/** Marks [from, to) whose blocks spell the same index width W. */
export interface WidthRegion {
  from: number;
  to: number;
  width: number;
}

const FULL_READING = (1 << WIDTH_FIELD_BITS) - 1;

/**
 * Where the index width W changes: passages whose frames differ in length by enough blocks spell different W.
 * A run of rising fine tags that holds all five W marks (fine 0–4) reads W in full; marks of another alphabet
 * practically never do (five tags in order by chance), so a W read in full at least twice is a passage's. With one
 * such W (every text of one passage) the region is the whole stream; with none (heavy damage), W is the majority of
 * all W marks, as a single watermark has always been read; otherwise each run takes the W it reads, and runs that
 * read none take their neighbours'.
 */
export function widthRegions(fine: Uint8Array, indexBit: Uint8Array): WidthRegion[] {
  const count = fine.length;
  const runs = risingRuns(fine, indexBit);
  const readings = new Int32Array(1 << WIDTH_FIELD_BITS);
  for (const run of runs) if (run.width >= 0) readings[run.width]++;
  const stable = (width: number): boolean => width >= 1 && width <= INDEX_FIELD_SLOTS && readings[width] >= 2;
  const stableWidths = [...readings.keys()].filter(stable);
  if (stableWidths.length === 0) return [{ from: 0, to: count, width: voteIndexWidth(fine, indexBit, 0, count) }];
  if (stableWidths.length === 1) return [{ from: 0, to: count, width: stableWidths[0] }];

  let current = -1;
  let lastReading = -1;
  const regions: WidthRegion[] = [];
  runs.forEach((run, j) => {
    if (!stable(run.width)) return;
    if (current >= 0 && run.width !== current) {
      const from = switchPoint(runs, lastReading, j, current, run.width);
      regions.push({ from: regions.at(-1)?.to ?? 0, to: runs[from].from, width: current });
    }
    current = run.width;
    lastReading = j;
  });
  regions.push({ from: regions.at(-1)?.to ?? 0, to: count, width: current });
  return regions.filter((region) => region.to > region.from);
}

/**
 * Where W changes between a run that reads `before` in full (run `last`) and one that reads `after` (run `next`):
 * at the first run between them whose own W marks contradict `before`, when no run from there on contradicts
 * `after` (a passage's first block lost one of its W marks); else at run `next`.
 */
function switchPoint(runs: RisingRun[], last: number, next: number, before: number, after: number): number {
  let from = next;
  for (let r = next - 1; r > last; r--) {
    if (!fits(runs[r], after)) break;
    if (!fits(runs[r], before)) from = r;
  }
  return from;
}

const fits = (run: RisingRun, width: number): boolean => (width & run.seen) === run.bits;

interface RisingRun {
  from: number;
  /** W as its marks spell it, or -1 when they do not hold all five W bits */
  width: number;
  /** which W bits its marks hold, and their values */
  seen: number;
  bits: number;
}

function risingRuns(fine: Uint8Array, indexBit: Uint8Array): RisingRun[] {
  const runs: RisingRun[] = [];
  let from = 0;
  let seen = 0;
  let width = 0;
  for (let i = 0; i <= fine.length; i++) {
    if (i > from && (i === fine.length || fine[i] <= fine[i - 1])) {
      runs.push({ from, width: seen === FULL_READING ? width : -1, seen, bits: width });
      from = i;
      seen = 0;
      width = 0;
    }
    if (i < fine.length && fine[i] < WIDTH_FIELD_BITS) {
      seen |= 1 << fine[i];
      width |= indexBit[i] << fine[i];
    }
  }
  return runs;
}
