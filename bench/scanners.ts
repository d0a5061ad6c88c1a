import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HIDDEN_CODE_POINTS } from 'wm-watermark-codec/hidden-marks';
import { QUICK, median, medianRatio, round } from './measure.js';
import { WM, scratchDir } from './processes.js';
import { timed } from './scan.js';
import { writeTree, type TreeShape } from './scan-tree.js';

// wm scan beside grep and beside another open scanner of invisible characters, on one tree, in one run. The other
// scanner is anti-trojan-source (npm, Apache-2.0): it reports bidi controls, zero-width characters, every variation
// selector and tag character (and other Cf/Cc code points), in a Node process, one file after another. It is
// installed in a scratch folder, not as a dependency of wm (or taken from BENCH_ANTI_TROJAN_SOURCE: its bin file).

const FILES = QUICK ? 500 : 2_000;
const BYTES = QUICK ? 50e6 : 200e6;
const ROUNDS = QUICK ? 2 : 3;
const OTHER = 'anti-trojan-source@1.13.0';

/** A PCRE class of every code point wm scan looks for (HIDDEN_CODE_POINTS): grep finds the same characters. */
const EVERY_HIDDEN = `[${HIDDEN_CODE_POINTS.map(([low, high]) =>
  low === high ? `\\x{${low.toString(16)}}` : `\\x{${low.toString(16)}}-\\x{${high.toString(16)}}`,
).join('')}]`;

export interface ScannerRow {
  name: string;
  ms: number;
  /** median of per-round (this time ÷ wm scan's): how many times wm scan's wall time */
  vsWm: number;
  files: number;
}

export interface ScannersResult {
  tree: TreeShape;
  rows: ScannerRow[];
}

function otherScanner(log: (line: string) => void): string | undefined {
  const given = process.env.BENCH_ANTI_TROJAN_SOURCE;
  if (given) return given;
  const dir = scratchDir();
  log(`scanners: installing ${OTHER} in ${dir}…`);
  const install = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', dir, OTHER], {
    encoding: 'utf8',
  });
  const bin = join(dir, 'node_modules', 'anti-trojan-source', 'bin', 'anti-trojan-source.js');
  if (install.status !== 0 || !existsSync(bin)) {
    log(`scanners: could not install ${OTHER} (${install.stderr.trim().split('\n').at(-1)}): left out`);
    return undefined;
  }
  return bin;
}

/**
 * `wm scan -l`, `grep -rlP` for every character wm scan looks for, and anti-trojan-source --json on one generated
 * tree (2,000 files, 200 MB; BENCH_QUICK: a quarter), warm cache, in an order that turns round by round.
 */
export function measureScanners(log: (line: string) => void): ScannersResult {
  const tree = join(scratchDir(), 'tree');
  log(`scanners: writing a tree of ${FILES} files, ${BYTES / 1e6} MB…`);
  const shape = writeTree(tree, FILES, BYTES);
  const other = otherScanner(log);
  const runs: Record<string, () => { ms: number; files: number }> = {
    'wm scan -l': () => {
      const run = timed(process.execPath, [WM, 'scan', '-l', tree]);
      return { ms: run.ms, files: run.lines };
    },
    'grep -rlP (every character wm scan looks for)': () => {
      const run = timed('grep', ['-rlP', EVERY_HIDDEN, tree]);
      return { ms: run.ms, files: run.lines };
    },
  };
  if (other) {
    const report = join(scratchDir(), 'anti-trojan-source.json');
    runs[`${OTHER} --json`] = () => {
      // into a file: on a pipe, its JSON is cut short (it exits before standard output is drained); exit 1: found
      const out = openSync(report, 'w');
      const start = process.hrtime.bigint();
      const run = spawnSync(process.execPath, [other, '--json', `--files=${tree}/**/*`], {
        stdio: ['ignore', out, 'pipe'],
      });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      closeSync(out);
      if (run.status !== 0 && run.status !== 1) throw new Error(`${OTHER} exited with ${run.status}: ${run.stderr}`);
      return { ms, files: (JSON.parse(readFileSync(report, 'utf8') || '[]') as unknown[]).length };
    };
  }
  const names = Object.keys(runs);
  const files = Object.fromEntries(names.map((name) => [name, runs[name]().files]));
  const times = Object.fromEntries(names.map((name) => [name, [] as number[]]));
  for (let round = 0; round < ROUNDS; round++) {
    log(`scanners: round ${round + 1} of ${ROUNDS}…`);
    const order = names.map((_, k) => names[(k + round) % names.length]);
    for (const name of order) times[name].push(runs[name]().ms);
  }
  return {
    tree: shape,
    rows: names.map((name) => ({
      name,
      ms: round(median(times[name]), 3),
      vsWm: round(medianRatio(times[name], times['wm scan -l'])),
      files: files[name],
    })),
  };
}
