import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { QUICK, median, medianRatio, round } from './measure.js';
import { peakRss } from './memory.js';
import { WM, scratchDir } from './processes.js';
import { writeTree, type TreeShape } from './scan-tree.js';

const FILES = QUICK ? 1_000 : 10_000;
const BYTES = QUICK ? 100e6 : 1e9;
const ROUNDS = QUICK ? 3 : 5;
/** what grep looks for: the variation selectors, the marks wm writes (PCRE, UTF-8 mode) */
const SELECTORS = '[\\x{FE00}-\\x{FE0F}\\x{E0100}-\\x{E01EF}]';

export interface ScanResult {
  tree: TreeShape;
  smallTree: TreeShape;
  wmMs: number;
  grepMs: number;
  /** median of per-round (grep time ÷ wm scan time): wm scan's speed as a multiple of grep's */
  vsGrep: number;
  /** files wm scan reported (-l), and grep */
  wmFiles: number;
  grepFiles: number;
  peakRssMb: number;
  smallPeakRssMb: number;
  /** peak RSS on the large tree ÷ on the tree a tenth its size */
  rssLargeVsSmall: number;
}

/** Runs a command to its end: its wall time, and its standard output (exit codes other than `ok` throw). */
export function timed(
  command: string,
  args: string[],
  ok: readonly number[] = [0],
): { ms: number; lines: number; stdout: string } {
  const start = process.hrtime.bigint();
  const run = spawnSync(command, args, {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: { ...process.env, LC_ALL: 'C.UTF-8' },
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (!ok.includes(run.status ?? -1))
    throw new Error(`${command} ${args.join(' ')} exited with ${run.status}: ${run.stderr}`);
  return { ms, lines: run.stdout.split('\n').filter(Boolean).length, stdout: run.stdout };
}

/**
 * `wm scan -l` over a generated tree (~10,000 files, ~1 GB; BENCH_QUICK: a tenth) beside `grep -rlP` for the
 * variation-selector ranges over the same tree, warm cache, alternating run by run; and the peak RSS of wm scan on
 * that tree and on one a tenth its size.
 */
export function measureScan(log: (line: string) => void): ScanResult {
  const dir = scratchDir();
  const large = join(dir, 'large');
  const small = join(dir, 'small');
  log(`scan: writing a tree of ${FILES} files, ${BYTES / 1e6} MB, and one a tenth its size…`);
  const tree = writeTree(large, FILES, BYTES);
  const smallTree = writeTree(small, FILES / 10, BYTES / 10);
  const wm = (): { ms: number; lines: number } => timed(process.execPath, [WM, 'scan', '-l', large]);
  const grep = (): { ms: number; lines: number } => timed('grep', ['-rlP', SELECTORS, large]);
  // warm the page cache (and each program's own files) before timing
  const first = { wm: wm(), grep: grep() };
  const times = { wm: [] as number[], grep: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    log(`scan: round ${round + 1} of ${ROUNDS}…`);
    const order = round % 2 === 0 ? (['wm', 'grep'] as const) : (['grep', 'wm'] as const);
    for (const name of order) times[name].push((name === 'wm' ? wm() : grep()).ms);
  }
  log('scan: peak RSS on both trees…');
  const rssDir = scratchDir();
  const peakRssMb = peakRss([WM, 'scan', '-l', large], rssDir) / 1e6;
  const smallPeakRssMb = peakRss([WM, 'scan', '-l', small], rssDir) / 1e6;
  return {
    tree,
    smallTree,
    wmMs: round(median(times.wm), 3),
    grepMs: round(median(times.grep), 3),
    vsGrep: round(medianRatio(times.grep, times.wm)),
    wmFiles: first.wm.lines,
    grepFiles: first.grep.lines,
    peakRssMb: round(peakRssMb, 3),
    smallPeakRssMb: round(smallPeakRssMb, 3),
    rssLargeVsSmall: round(peakRssMb / smallPeakRssMb),
  };
}
