import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encode } from 'wm-watermark-codec';
import { carrierOf } from './carriers.js';
import { QUICK, median, medianRatio, round } from './measure.js';
import { ROOT, WM, createAccount, scratchDir } from './processes.js';

const RUNS = QUICK ? 5 : 21;

export interface ColdStartRow {
  command: string;
  medianMs: number;
  /** median of per-round (command time / `node -e 0` time) */
  vsNode: number;
}

/** Whole-process wall time of each command, interleaved run by run with `node -e 0`. */
export function measureColdStart(log: (line: string) => void): ColdStartRow[] {
  log(`cli: cold start, ${RUNS} runs each…`);
  const dir = scratchDir();
  const home = join(dir, 'home');
  createAccount(home, 'cli');
  const file = join(dir, 'one-kb.txt');
  writeFileSync(file, encode(carrierOf('prose', 1000), 'bench secret').encoded);
  const commands: Record<string, string[]> = {
    'node -e 0': ['-e', '0'],
    'wm --version': [WM, '--version'],
    'wm decode (1 KB file)': [WM, 'decode', file],
    'wm users list': [WM, 'users', 'list', '--home', home],
  };
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
  for (let run = -1; run < RUNS; run++) {
    for (const [name, args] of Object.entries(commands)) {
      const start = process.hrtime.bigint();
      const result = spawnSync(process.execPath, args, {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'pipe'],
        encoding: 'utf8',
      });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (result.status !== 0) throw new Error(`${name} exited with ${result.status}: ${result.stderr}`);
      if (run >= 0) times[name].push(ms); // run -1 warms the file cache
    }
  }
  return Object.entries(times).map(([command, ms]) => ({
    command,
    medianMs: round(median(ms), 3),
    vsNode: round(medianRatio(ms, times['node -e 0'])),
  }));
}
