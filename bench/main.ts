import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { checkBudgets, type Results } from './budgets.js';
import { measureColdStart } from './cli.js';
import { measureHostile } from './hostile.js';
import { measureCodec } from './codec.js';
import { measureCopies } from './copies.js';
import { measureFingerprint } from './fingerprint.js';
import { QUICK, round } from './measure.js';
import { measureMcp } from './mcp.js';
import { measureMemory } from './memory.js';
import { ROOT } from './processes.js';
import { measureScan } from './scan.js';
import { measureScanners } from './scanners.js';
import { measureScripts } from './scripts.js';
import { measurePostgresDrivers } from './postgres-drivers.js';
import { measurePostgresServer } from './postgres-server.js';
import { measureSegmentation } from './segmentation.js';
import { measureSigned } from './signed.js';
import { measureStall } from './stall.js';
import { measureServer } from './server.js';
import { table } from './table.js';

const SECTIONS = [
  'codec',
  'signed',
  'scripts',
  'hostile',
  'segmentation',
  'fingerprint',
  'copies',
  'cli',
  'scan',
  'scanners',
  'server',
  'mcp',
  'stall',
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
  print(
    'Codec throughput (MB of carrier per second; ratios are speed ratios unless named a cost)',
    table(
      ['carrier', 'MB', 'operation', 'MB/s', 'against (median of per-round ratios)'],
      codec.rows.map((row) => [row.carrier, row.mb, row.operation, row.mbPerSecond, ratios(row.against)]),
    ),
  );
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
  print(
    'Signed marks (µs per operation, 16-byte secret, Ed25519; cost = time ÷ the unsigned time)',
    table(
      [
        'carrier',
        'text',
        'operation',
        'unsigned µs',
        'signed µs',
        'signed + bound text µs',
        'signed cost',
        'bound cost',
      ],
      rows.map((row) => [
        row.carrier,
        row.size,
        row.operation,
        row.unsignedUs,
        row.signedUs,
        row.boundUs,
        row.signedCost,
        row.boundCost,
      ]),
    ),
  );
}
if (wants('scripts')) {
  const rows = measureScripts(log);
  results.scripts = rows;
  print(
    "Per script (MB of carrier per second, 1 MB of each language's corpus paragraph, 64-byte secret)",
    table(
      ['language', 'encode', 'decode', 'encode-robust', 'decode-robust'],
      rows.map((row) => [row.language, row.encode, row.decode, row.encodeRobust, row.decodeRobust]),
    ),
  );
}
if (wants('hostile')) {
  const rows = measureHostile(log);
  results.hostile = rows;
  print(
    'Hostile decode input (per-MB cost at the large size ÷ at the small size; about 1 = linear)',
    table(
      ['input', 'operation', 'per-MB cost ratio', 'MB/s (large)'],
      rows.map((row) => [row.input, row.operation, row.perMbCostRatio, row.mbPerSecondLarge]),
    ),
  );
}
if (wants('segmentation')) {
  const rows = measureSegmentation(log);
  results.segmentation = rows;
  print(
    'Grapheme segmentation (Intl.Segmenter only on small slices: quadratic on Node 20)',
    table(
      ['carrier', 'size', 'unicode-segmenter MB/s', 'Intl.Segmenter MB/s', 'speed ratio'],
      rows.map((row) => [
        row.carrier,
        row.size,
        row.unicodeSegmenterMbPerSecond,
        row.intlSegmenterMbPerSecond,
        row.speedup,
      ]),
    ),
  );
}
if (wants('fingerprint')) {
  const fingerprint = await measureFingerprint(log);
  results.fingerprint = fingerprint;
  print(
    `Fingerprints of visible text (${fingerprint.mbPerSecond} MB/s made; SQLite, documents of ~20 KB, ` +
      'tracing a paragraph with 2 % of its words edited: fingerprint, look-up and ranking)',
    table(
      ['documents', 'bytes / document', 'hashes / document', 'trace p50 ms', 'p95 ms', 'found', 'false matches'],
      fingerprint.rows.map((row) => [
        row.documents,
        row.bytesPerDocument,
        row.hashesPerDocument,
        row.traceP50Ms,
        row.traceP95Ms,
        row.found,
        row.falseMatches,
      ]),
    ),
  );
}
if (wants('copies')) {
  const copies = await measureCopies(log);
  results.copies = copies;
  const { issue, trace } = copies;
  print(
    `Issued copies (SQLite): ${issue.copies} copies of a ${issue.documentKb} KB document in ${issue.totalMs} ms ` +
      `(${issue.msPerCopy} ms a copy); tracing against ${trace.documents} recorded documents of ~20 KB ` +
      `(${trace.bytesPerDocument} bytes a document): p50 ${trace.p50Ms} ms, p95 ${trace.p95Ms} ms; marked ` +
      `paragraphs naming their recipient ${trace.named}, stripped and edited paragraphs naming their document ` +
      `${trace.found}`,
    table(
      ['leak, every mark stripped', 'document found', 'wrong answers'],
      copies.fallback.map((row) => [row.leak, row.found, row.wrong]),
    ),
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
  print(
    `wm scan beside grep and anti-trojan-source (${tree.files} files, ${round(tree.bytes / 1e6, 3)} MB, ` +
      `${tree.marked} marked; warm cache)`,
    table(
      ['scanner', 'wall time (ms)', '÷ wm scan', 'files reported'],
      rows.map((row) => [row.name, row.ms, row.vsWm, row.files]),
    ),
  );
}
if (wants('server')) {
  const server = await measureServer(log);
  results.server = server;
  print(
    'Server (autocannon, loopback, 50 connections)',
    table(
      ['endpoint', 'req/s', 'p99 ms', 'bare req/s', 'bare p99 ms', '÷ bare'],
      server.endpoints.map((row) => [
        row.endpoint,
        row.requestsPerSecond,
        row.p99Ms,
        row.bareRequestsPerSecond,
        row.bareP99Ms,
        row.vsBare,
      ]),
    ),
  );
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
  print(
    'Event-loop stall of one request (the slowest GET /healthz answered meanwhile; bodies near the 1 MiB limit)',
    table(
      ['request', 'body KB', 'status', 'request ms', 'worst /healthz ms', 'answer KB'],
      rows.map((row) => [row.request, row.bodyKb, row.status, row.requestMs, row.worstHealthzMs, row.answerKb]),
    ),
  );
}
if (wants('memory')) {
  const rows = measureMemory(log);
  results.memory = rows;
  print(
    'Memory (peak RSS of the whole process)',
    table(
      ['command', 'carrier', 'input MB', 'peak RSS MB', '÷ input', 'node -e 0 MB'],
      rows.map((row) => [row.command, row.carrier, row.inputMb, row.peakRssMb, row.timesInput, row.nodeBaselineMb]),
    ),
  );
}

if (wants('postgres-drivers')) {
  const rows = await measurePostgresDrivers(log);
  results.postgresDrivers = rows;
  print(
    `PostgreSQL drivers on the watermark path's SQL (${50} clients, group commit; ratios: median of per-round ratios)`,
    table(
      ['driver', 'operations/s', 'p99 ms', '÷ pg'],
      rows.map((row) => [row.driver, row.operationsPerSecond, row.p99Ms, row.vsPg]),
    ),
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
print(
  'Budgets (issues 6 and 15)',
  table(
    ['budget', 'worst measured', 'limit', 'met'],
    budgets.map((b) => [b.budget, b.worst, b.limit, b.met ? 'yes' : 'NO']),
  ),
);
writeFileSync(join(ROOT, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
log('results written to bench/results.json');
// StegCloak's compressor leaves a timer behind
process.exit(0);
