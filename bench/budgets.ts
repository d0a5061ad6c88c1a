import type { CodecRow } from './codec.js';
import type { ColdStartRow } from './cli.js';
import type { CopiesResult } from './copies.js';
import type { VariantsResult } from './variants.js';
import type { VariantCopiesResult } from './variant-copies.js';
import type { FingerprintResult } from './fingerprint.js';
import type { HealthzRow } from './healthz.js';
import type { HostileRow } from './hostile.js';
import type { MemoryRow } from './memory.js';
import type { PoolResult } from './pool.js';
import type { PostgresServerRow } from './postgres-server.js';
import type { ScanResult } from './scan.js';
import type { ServerRow } from './server.js';

export interface BudgetCheck {
  budget: string;
  /** the worst figure over every carrier and size it applies to */
  worst: number;
  limit: string;
  met: boolean;
}

export interface Results {
  codec?: { rows: CodecRow[]; linearity: Record<string, Record<string, number>> };
  hostile?: HostileRow[];
  cli?: ColdStartRow[];
  server?: { endpoints: ServerRow[] };
  memory?: MemoryRow[];
  postgresServer?: PostgresServerRow;
  scan?: ScanResult;
  fingerprint?: FingerprintResult;
  copies?: CopiesResult;
  variants?: VariantsResult;
  variantCopies?: VariantCopiesResult;
  pool?: PoolResult;
  healthz?: HealthzRow[];
}

const atLeast = (budget: string, values: number[], limit: number): BudgetCheck => {
  const worst = Math.min(...values);
  return { budget, worst, limit: `≥ ${limit}`, met: worst >= limit };
};
const atMost = (budget: string, values: number[], limit: number): BudgetCheck => {
  const worst = Math.max(...values);
  return { budget, worst, limit: `≤ ${limit}`, met: worst <= limit };
};

/** The budgets of issue 6, checked against whatever sections ran. */
export function checkBudgets(results: Results): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  if (results.codec) {
    const { rows, linearity } = results.codec;
    const pick = (operation: string, against: string, mb?: number) =>
      rows
        .filter((row) => row.operation === operation && (mb === undefined || row.mb === mb))
        .map((row) => row.against[against]);
    const largest = Math.max(...rows.map((row) => row.mb));
    checks.push(
      atLeast('decode speed ÷ regex scan', pick('decode', 'regex scan'), 0.5),
      atLeast('decode speed ÷ emoji-encoder decode', pick('decode', 'emoji-encoder decode'), 10),
      atMost(
        `encode 64 B into ${largest} MB: cost ÷ Buffer round trip`,
        pick('encode 64 B', 'cost vs Buffer round trip', largest),
        2,
      ),
      atLeast('decode-robust speed ÷ regex scan', pick('decode-robust', 'regex scan (robust text)'), 0.25),
      atLeast('encode-robust speed ÷ regex scan', pick('encode-robust', 'regex scan (robust text)'), 0.25),
    );
    const codecPaths = ['decode', 'encode 64 B', 'encode 4 KB', 'analyze', 'strip', 'decode-robust', 'encode-robust'];
    const perMb = Object.values(linearity).flatMap((byOperation) => codecPaths.map((path) => byOperation[path]));
    checks.push(atMost('linearity: per-MB cost large ÷ small', perMb, 1.5));
  }
  if (results.hostile) {
    // the sizes differ 4× (quick) or 8×: a quadratic path would show about that ratio, a linear one about 1
    checks.push(
      atMost(
        'linearity on hostile decode input: per-MB cost large ÷ small',
        results.hostile.map((row) => row.perMbCostRatio),
        2,
      ),
    );
  }
  if (results.cli) {
    const codecCommands = results.cli.filter((row) => row.command !== 'node -e 0' && row.command !== 'wm users list');
    checks.push(
      atMost(
        'CLI cold start (codec commands) ÷ node -e 0',
        codecCommands.map((row) => row.vsNode),
        // issue 32: back to where the bundle and its code cache had it (goal 1.10)
        1.15,
      ),
    );
  }
  if (results.server) {
    const watermark = results.server.endpoints.filter((row) => row.endpoint.includes('/api/watermark/'));
    checks.push(
      atLeast(
        'watermark endpoints req/s ÷ bare route',
        watermark.map((row) => row.vsBare),
        0.5,
      ),
      atMost(
        'watermark endpoints p99 (ms), 50 connections',
        watermark.map((row) => row.p99Ms),
        19.999,
      ),
    );
  }
  if (results.postgresServer) {
    checks.push(
      atLeast(
        'watermark encode req/s on PostgreSQL ÷ on SQLite (issue 15)',
        [results.postgresServer.postgresVsSqlite],
        0.5,
      ),
    );
  }
  if (results.scan) {
    checks.push(
      atLeast('wm scan speed ÷ grep -rlP (selector ranges)', [results.scan.vsGrep], 0.5),
      // flat: ten times the tree, the same memory (within the noise of a garbage-collected process)
      atMost('wm scan peak RSS, 10× the tree ÷ the tree', [results.scan.rssLargeVsSmall], 1.5),
    );
  }
  if (results.fingerprint) {
    const largest = results.fingerprint.rows[results.fingerprint.rows.length - 1];
    checks.push(
      atMost(`trace a paragraph against ${largest.documents} documents, p95 ms (issue 35)`, [largest.traceP95Ms], 100),
    );
  }
  if (results.copies) {
    const { trace } = results.copies;
    checks.push(
      atMost(`wm trace against ${trace.documents} recorded documents (SQLite), p95 ms (issue 35)`, [trace.p95Ms], 100),
      atMost(
        'wm trace: wrong answers when every mark is gone',
        [results.copies.fallback.reduce((n, row) => n + row.wrong, 0)],
        0,
      ),
    );
  }
  if (results.variants) {
    // issue 42: the trace's p95 budget is 200 ms against 10,000 recorded copies on SQLite; here the codec's share,
    // the whole trace in variantCopies below
    const largest = results.variants.trace[results.variants.trace.length - 1];
    checks.push(
      atMost(
        `variants: trace 300 words against ${largest.copies} copies (codec), p95 ms (issue 42)`,
        [largest.p95Ms],
        200,
      ),
    );
  }
  if (results.variantCopies) {
    const { recorded, trace } = results.variantCopies;
    checks.push(
      atMost(
        `variant copies: trace 300 words against ${recorded} recorded copies (SQLite), p95 ms (issue 42)`,
        [trace[0].p95Ms],
        200,
      ),
      atMost(
        'variant copies: anyone but the leaker named',
        trace.map((row) => row.wrong),
        0,
      ),
    );
  }
  if (results.pool) {
    checks.push(
      atLeast(
        'encode throughput, the pool on two cores ÷ held to one core (issue 41)',
        results.pool.throughput.map((row) => row.twoCoresVsOne),
        1.6,
      ),
    );
  }
  if (results.healthz) {
    checks.push(
      atMost(
        '/healthz p99 (ms) while the largest request of a plan runs on the pool (issue 41)',
        results.healthz.filter((row) => row.workers !== '0').map((row) => row.healthzP99Ms),
        99.999,
      ),
    );
  }
  if (results.memory)
    checks.push(
      atMost(
        'peak RSS ÷ input size (100 MB files)',
        results.memory.map((row) => row.timesInput),
        4,
      ),
    );
  return checks;
}
