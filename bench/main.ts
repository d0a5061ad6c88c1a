import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { checkBudgets, type Results } from './budgets.js';
import { measureColdStart } from './cli.js';
import { measureHostile } from './hostile.js';
import { measureCodec } from './codec.js';
import { measureCopies } from './copies.js';
import { measureVariants } from './variants.js';
import { measureVariantCopies } from './variant-copies.js';
import { measureFingerprint } from './fingerprint.js';
import { QUICK, round } from './measure.js';
import { measureMcp } from './mcp.js';
import { measureMemory } from './memory.js';
import { ROOT } from './processes.js';
import { measureScan } from './scan.js';
import { measureScanners } from './scanners.js';
import { measureDetection } from './detection.js';
import { measureSearch } from '../packages/scan/bench/search.js';
import { measureScripts } from './scripts.js';
import { measurePostgresDrivers } from './postgres-drivers.js';
import { measureHealthz } from './healthz.js';
import { measurePool } from './pool.js';
import { measurePostgresServer } from './postgres-server.js';
import { measureSegmentation } from './segmentation.js';
import { measureSigned } from './signed.js';
import { measureStall } from './stall.js';
import { measureServer } from './server.js';
import { table, type Cell } from './table.js';

const SECTIONS = [
  'codec',
  'signed',
  'scripts',
  'hostile',
  'segmentation',
  'fingerprint',
  'copies',
  'variants',
  'variant-copies',
  'cli',
  'scan',
  'scanners',
  'detection',
  'search',
  'server',
  'mcp',
  'stall',
  'pool',
  'healthz',
  'memory',
  'postgres-drivers',
  'postgres-server',
] as const;
const chosen = process.argv.slice(2).length > 0 ? process.argv.slice(2) : [...SECTIONS];
const unknown = chosen.filter((name) => !(SECTIONS as readonly string[]).includes(name));
if (unknown.length > 0) throw new Error(`unknown section ${unknown.join(', ')} (sections: ${SECTIONS.join(' ')})`);
const wants = (section: (typeof SECTIONS)[number]) => chosen.includes(section);
const log = (line: string) => process.stderr.write(`${line}\n`);
const print = (title: string, text: string) => process.stdout.write(`\n## ${title}\n\n${text}\n`);
/** The fields of a row that a table cell can show as they are. */
type CellField<T> = { [K in keyof T]: T[K] extends Cell ? K : never }[keyof T];
/** A section's rows as a table: each column its header and what it shows of a row (a field, or a function of it). */
function printRows<T>(title: string, rows: readonly T[], columns: Record<string, CellField<T> | ((row: T) => Cell)>) {
  const shown = Object.values(columns);
  const cellOf = (row: T, column: (typeof shown)[number]): Cell =>
    typeof column === 'function' ? column(row) : (row[column] as Cell);
  print(
    title,
    table(
      Object.keys(columns),
      rows.map((row) => shown.map((column) => cellOf(row, column))),
    ),
  );
}
const ratios = (against: Record<string, number>) =>
  Object.entries(against)
    .map(([name, ratio]) => `${ratio}× ${name}`)
    .join(', ');

const results: Results & Record<string, unknown> = {
  machine: {
    node: process.version,
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    quick: QUICK,
    date: new Date().toISOString(),
  },
};

if (wants('codec')) {
  const codec = measureCodec(log);
  results.codec = codec;
  printRows('Codec throughput (MB of carrier per second; ratios are speed ratios unless named a cost)', codec.rows, {
    carrier: 'carrier',
    MB: 'mb',
    operation: 'operation',
    'MB/s': 'mbPerSecond',
    'against (median of per-round ratios)': (row) => ratios(row.against),
  });
  print(
    'Linearity (per-MB cost at the large size ÷ at the small size)',
    table(
      ['operation', ...Object.keys(codec.linearity)],
      Object.keys(Object.values(codec.linearity)[0]).map((op) => [
        op,
        ...Object.values(codec.linearity).map((l) => l[op]),
      ]),
    ),
  );
  if (codec.stegCloak) {
    print(
      'StegCloak (64-byte secret, encryption on) beside wm',
      table(
        ['carrier', 'MB', 'hide MB/s', 'reveal MB/s', 'wm encode ÷ hide (speed)', 'wm decode ÷ reveal (speed)'],
        codec.stegCloak.map((row) =>
          row.failure
            ? [row.carrier, row.mb, row.failure, null, null, null]
            : [row.carrier, row.mb, row.hideMbPerSecond, row.revealMbPerSecond, row.encodeVsHide, row.decodeVsReveal],
        ),
      ),
    );
  } else print('StegCloak', 'not installed: column skipped');
}
if (wants('signed')) {
  const rows = measureSigned(log);
  results.signed = rows;
  printRows('Signed marks (µs per operation, 16-byte secret, Ed25519; cost = time ÷ the unsigned time)', rows, {
    carrier: 'carrier',
    text: 'size',
    operation: 'operation',
    'unsigned µs': 'unsignedUs',
    'signed µs': 'signedUs',
    'signed + bound text µs': 'boundUs',
    'signed cost': 'signedCost',
    'bound cost': 'boundCost',
  });
}
if (wants('scripts')) {
  const rows = measureScripts(log);
  results.scripts = rows;
  printRows("Per script (MB of carrier per second, 1 MB of each language's corpus paragraph, 64-byte secret)", rows, {
    language: 'language',
    encode: 'encode',
    decode: 'decode',
    'encode-robust': 'encodeRobust',
    'decode-robust': 'decodeRobust',
  });
}
if (wants('hostile')) {
  const rows = measureHostile(log);
  results.hostile = rows;
  printRows('Hostile decode input (per-MB cost at the large size ÷ at the small size; about 1 = linear)', rows, {
    input: 'input',
    operation: 'operation',
    'per-MB cost ratio': 'perMbCostRatio',
    'MB/s (large)': 'mbPerSecondLarge',
  });
}
if (wants('segmentation')) {
  const rows = measureSegmentation(log);
  results.segmentation = rows;
  printRows('Grapheme segmentation (Intl.Segmenter only on small slices: quadratic on Node 20)', rows, {
    carrier: 'carrier',
    size: 'size',
    'unicode-segmenter MB/s': 'unicodeSegmenterMbPerSecond',
    'Intl.Segmenter MB/s': 'intlSegmenterMbPerSecond',
    'speed ratio': 'speedup',
  });
}
if (wants('fingerprint')) {
  const fingerprint = await measureFingerprint(log);
  results.fingerprint = fingerprint;
  printRows(
    `Fingerprints of visible text (${fingerprint.mbPerSecond} MB/s made; the store in SQLite, documents of ~20 KB, ` +
      'tracing a paragraph with 2 % of its words edited: fingerprint, look-up and ranking)',
    fingerprint.rows,
    {
      documents: 'documents',
      'bytes / document': 'bytesPerDocument',
      'hashes / document': 'hashesPerDocument',
      'trace p50 ms': 'traceP50Ms',
      'p95 ms': 'traceP95Ms',
      found: 'found',
      'false matches': 'falseMatches',
    },
  );
}
if (wants('copies')) {
  const copies = await measureCopies(log);
  results.copies = copies;
  const { issue, trace } = copies;
  printRows(
    `Issued copies (SQLite): ${issue.copies} copies of a ${issue.documentKb} KB document in ${issue.totalMs} ms ` +
      `(${issue.msPerCopy} ms a copy); tracing against ${trace.documents} recorded documents of ~20 KB ` +
      `(${trace.bytesPerDocument} bytes a document): p50 ${trace.p50Ms} ms, p95 ${trace.p95Ms} ms; marked ` +
      `paragraphs naming their recipient ${trace.named}, stripped and edited paragraphs naming their document ` +
      `${trace.found}`,
    copies.fallback,
    { 'leak, every mark stripped': 'leak', 'document found': 'found', 'wrong answers': 'wrong' },
  );
}
if (wants('variants')) {
  const variants = measureVariants(log);
  results.variants = variants;
  const { issue } = variants;
  printRows(
    `Visible variants (codec): ${issue.copies} copies of a ${variants.documentKb} KB document ` +
      `(${variants.sites} sites, ` +
      `${variants.positions} bits, a record of ${variants.recordBytes} bytes) in ${issue.totalMs} ms (sites ` +
      `${issue.planMs} ms, copies ${issue.copiesMs} ms: ${issue.msPerCopy} ms a copy); tracing a 300-word passage ` +
      '(reading it, scoring every copy)',
    variants.trace,
    { 'copies scored': 'copies', 'positions read': 'positions', 'p50 ms': 'p50Ms', 'p95 ms': 'p95Ms' },
  );
}
if (wants('variant-copies')) {
  const variantCopies = await measureVariantCopies(log);
  results.variantCopies = variantCopies;
  const { issue } = variantCopies;
  printRows(
    `Variant copies (SQLite): ${issue.copies} copies of a ${issue.documentKb} KB document (${issue.sites} sites, ` +
      `${issue.positions} bits) issued in ${issue.totalMs} ms; tracing leaks of them, every mark stripped, against ` +
      `${variantCopies.recorded} recorded copies of it`,
    variantCopies.trace,
    {
      leak: 'leak',
      'p50 ms': 'p50Ms',
      'p95 ms': 'p95Ms',
      'recipient named': 'named',
      'too few positions': 'tooFew',
      'anyone else named': 'wrong',
    },
  );
}
if (wants('cli')) {
  const rows = measureColdStart(log);
  results.cli = rows;
  print(
    'CLI cold start (whole process, median)',
    table(
      ['command', 'ms', '÷ node -e 0'],
      rows.map((row) => [row.command, row.medianMs, row.vsNode]),
    ),
  );
}
if (wants('scan')) {
  const scan = measureScan(log);
  results.scan = scan;
  const { tree, smallTree } = scan;
  print(
    `wm scan (a generated tree: ${tree.files} files, ${round(tree.bytes / 1e6, 3)} MB, ` +
      `${tree.marked} marked; warm cache)`,
    table(
      ['measure', 'wm scan -l', 'reference', 'ratio'],
      [
        ['time (ms) ÷ `grep -rlP` for the selector ranges (speed ratio)', scan.wmMs, scan.grepMs, scan.vsGrep],
        ['files reported (wm: every finding; grep: any selector, emoji ones too)', scan.wmFiles, scan.grepFiles, null],
        [
          `peak RSS (MB), this tree ÷ one of ${smallTree.files} files, ${round(smallTree.bytes / 1e6, 3)} MB`,
          scan.peakRssMb,
          scan.smallPeakRssMb,
          scan.rssLargeVsSmall,
        ],
      ],
    ),
  );
}
if (wants('scanners')) {
  const { tree, rows } = measureScanners(log);
  results.scanners = rows;
  printRows(
    `wm scan beside grep and anti-trojan-source (${tree.files} files, ${round(tree.bytes / 1e6, 3)} MB, ` +
      `${tree.marked} marked; warm cache)`,
    rows,
    { scanner: 'name', 'wall time (ms)': 'ms', '÷ wm scan': 'vsWm', 'files reported': 'files' },
  );
}
if (wants('detection')) {
  const { files, rows } = measureDetection(log);
  results.detection = rows;
  printRows(
    `Planted payloads found and named on the sources of ${files} files of real npm ` +
      'packages (docs/PERFORMANCE.md, "Detection")',
    rows,
    {
      scanner: 'tool',
      'found / planted': (row) => `${row.found} / ${row.planted}`,
      named: 'named',
      'false alarms (places)': (row) =>
        row.falseErrors === undefined ? row.falseAlarms : `${row.falseAlarms} (${row.falseErrors} errors)`,
      'wall time (ms)': 'ms',
      'CPU time (ms)': 'cpuMs',
    },
  );
}
if (wants('search')) {
  const rows = measureSearch(log);
  results.search = rows;
  printRows('The scan byte search: WebAssembly beside scalar (same buffers, one run; nothing to find)', rows, {
    text: 'text',
    'WebAssembly MB/s': 'wasmMBps',
    'scalar MB/s': 'scalarMBps',
    'WebAssembly ÷ scalar': 'wasmVsScalar',
  });
}
if (wants('server')) {
  const server = await measureServer(log);
  results.server = server;
  printRows('Server (autocannon, loopback, 50 connections)', server.endpoints, {
    endpoint: 'endpoint',
    'req/s': 'requestsPerSecond',
    'p99 ms': 'p99Ms',
    'bare req/s': 'bareRequestsPerSecond',
    'bare p99 ms': 'bareP99Ms',
    '÷ bare': 'vsBare',
  });
  const l = server.login;
  print(
    `Login (scrypt N=2^${l.scryptLogN}, r=8, p=1)`,
    table(
      ['median latency ms', 'one scrypt hash ms', 'latency ÷ hash', 'logins/s (8 connections)'],
      [[l.medianLatencyMs, l.scryptHashMs, l.latencyVsHash, l.loginsPerSecond]],
    ),
  );
}
if (wants('mcp')) {
  const mcp = await measureMcp(log);
  results.mcp = mcp;
  const { spawn, http } = mcp;
  print(
    'MCP (wm mcp start-up; a tool call over /mcp beside the same REST call, 50 connections)',
    table(
      ['measure', 'ours', 'reference', 'ratio'],
      [
        ['spawn `wm mcp` → tools/list answered (ms) ÷ `node -e 0`', spawn.toolsListMs, spawn.nodeMs, spawn.vsNode],
        [
          'tools/call decode over /mcp (req/s) ÷ POST /api/watermark/decode',
          http.mcpRequestsPerSecond,
          http.restRequestsPerSecond,
          http.vsRest,
        ],
        ['p99 ms, /mcp and REST', http.mcpP99Ms, http.restP99Ms, null],
      ],
    ),
  );
}
if (wants('stall')) {
  const rows = await measureStall(log);
  results.stall = rows;
  printRows(
    'Event-loop stall of one request (the slowest GET /healthz answered meanwhile; bodies near the 1 MiB limit)',
    rows,
    {
      request: 'request',
      'body KB': 'bodyKb',
      status: 'status',
      'request ms': 'requestMs',
      'worst /healthz ms': 'worstHealthzMs',
      'answer KB': 'answerKb',
    },
  );
}
if (wants('pool')) {
  const pool = await measurePool(log);
  results.pool = pool;
  printRows(
    `wm serve's worker pool: what a job costs per unit of input (UTF-16), and below which size it stays on the ` +
      `event loop: cheaper than a hand-off (${pool.handoffUs} µs) on ordinary text, at most 1 ms on its worst input`,
    pool.jobs,
    {
      job: 'job',
      'ordinary ns / unit': 'ordinaryNsPerUnit',
      'worst input': 'worstInput',
      'worst ns / unit': 'worstNsPerUnit',
      'measured threshold (units)': 'measuredThreshold',
      'INLINE_BELOW (units)': 'configured',
    },
  );
  printRows('Throughput with the pool (jobs/s; ratios: median of per-round ratios)', pool.throughput, {
    operation: 'operation',
    'text KB': 'textKb',
    'one worker': 'oneWorkerPerSecond',
    'two workers': 'twoWorkersPerSecond',
    'two ÷ one': 'twoVsOne',
    'pool held to one core': 'poolOnOneCorePerSecond',
    'two cores ÷ one': 'twoCoresVsOne',
    'one core, no pool': 'oneCorePerSecond',
    'two workers ÷ one core': 'twoVsOneCore',
    'two processes ÷ one, no pool': 'twoProcessesVsOne',
  });
}
if (wants('healthz')) {
  const rows = await measureHealthz(log);
  results.healthz = rows;
  printRows(
    'While the largest request each plan allows runs: GET /healthz back to back and a 1 KB decode every 20 ms ' +
      '(ms; `workers 0`: the work on the event loop, as before the pool)',
    rows,
    {
      request: 'request',
      plans: 'plans',
      workers: 'workers',
      status: 'status',
      'request ms': 'requestMs',
      '/healthz p99': 'healthzP99Ms',
      '/healthz max': 'healthzMaxMs',
      'small decode p99': 'smallDecodeP99Ms',
      '/healthz answers': 'samples',
    },
  );
}
if (wants('memory')) {
  const rows = measureMemory(log);
  results.memory = rows;
  printRows('Memory (peak RSS of the whole process)', rows, {
    command: 'command',
    carrier: 'carrier',
    'input MB': 'inputMb',
    'peak RSS MB': 'peakRssMb',
    '÷ input': 'timesInput',
    'node -e 0 MB': 'nodeBaselineMb',
  });
}

if (wants('postgres-drivers')) {
  const rows = await measurePostgresDrivers(log);
  results.postgresDrivers = rows;
  printRows(
    `PostgreSQL drivers on the watermark path's SQL (${50} clients, group commit; ratios: median of per-round ratios)`,
    rows,
    { driver: 'driver', 'operations/s': 'operationsPerSecond', 'p99 ms': 'p99Ms', '÷ pg': 'vsPg' },
  );
}
if (wants('postgres-server')) {
  const row = await measurePostgresServer(log);
  results.postgresServer = row;
  print(
    'wm serve on PostgreSQL beside SQLite (POST /api/watermark/encode, 1 KB, autocannon, 50 connections)',
    table(
      ['database', 'req/s', 'p99 ms', 'ratio (median of per-round ratios)'],
      [
        ['SQLite', row.sqliteRequestsPerSecond, row.sqliteP99Ms, '1'],
        [
          'PostgreSQL, one instance',
          row.postgresRequestsPerSecond,
          row.postgresP99Ms,
          `${row.postgresVsSqlite} × SQLite`,
        ],
        [
          'PostgreSQL, two instances (25 connections each)',
          row.twoInstancesRequestsPerSecond,
          row.twoInstancesP99Ms,
          `${row.twoVsOne} × one instance`,
        ],
      ],
    ),
  );
}
const budgets = checkBudgets(results);
results.budgets = budgets;
printRows('Budgets (issues 6 and 15)', budgets, {
  budget: 'budget',
  'worst measured': 'worst',
  limit: 'limit',
  met: (b) => (b.met ? 'yes' : 'NO'),
});
writeFileSync(join(ROOT, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
log('results written to bench/results.json');
// StegCloak's compressor leaves a timer behind
process.exit(0);
