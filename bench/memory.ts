import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encode } from 'wm-watermark-codec';
import { CARRIER_KINDS, carrierOf, type CarrierKind } from './carriers.js';
import { QUICK, round } from './measure.js';
import { OUT, WM, node, scratchDir } from './processes.js';
import { SECRET_64 } from './codec.js';

const INPUT_MB = QUICK ? 20 : 100;

export interface MemoryRow {
  command: string;
  carrier: CarrierKind;
  inputMb: number;
  peakRssMb: number;
  /** peak RSS / input file size */
  timesInput: number;
  /** peak RSS of `node -e 0` for scale */
  nodeBaselineMb: number;
}

/** Peak resident set size (bytes) of `node args…`, worker threads included (one process). */
export function peakRss(args: string[], dir: string): number {
  const file = join(dir, 'rss');
  node(['--import', join(OUT, 'peak-rss.mjs'), ...args], {
    env: { ...process.env, WM_BENCH_RSS_FILE: file },
    stdio: 'ignore',
  });
  return Number(readFileSync(file, 'utf8'));
}

export function measureMemory(log: (line: string) => void): MemoryRow[] {
  const dir = scratchDir();
  const baseline = peakRss(['-e', '0'], dir);
  const rows: MemoryRow[] = [];
  for (const kind of Object.keys(CARRIER_KINDS) as CarrierKind[]) {
    log(`memory: wm encode / decode on ${INPUT_MB} MB of ${kind}…`);
    const plain = join(dir, `${kind}.txt`);
    const marked = join(dir, `${kind}.marked.txt`);
    const text = carrierOf(kind, INPUT_MB * 1e6);
    writeFileSync(plain, text);
    writeFileSync(marked, encode(text, SECRET_64).encoded);
    const runs: [string, string, string[]][] = [
      ['wm decode', marked, [WM, 'decode', marked]],
      ['wm encode', plain, [WM, 'encode', plain, '--secret', SECRET_64, '-o', join(dir, 'out.txt')]],
    ];
    for (const [command, input, args] of runs) {
      const rss = peakRss(args, dir);
      const size = statSync(input).size;
      rows.push({
        command,
        carrier: kind,
        inputMb: round(size / 1e6, 3),
        peakRssMb: round(rss / 1e6, 3),
        timesInput: round(rss / size),
        nodeBaselineMb: round(baseline / 1e6, 3),
      });
    }
  }
  return rows;
}
