import { join } from 'node:path';
import { encode } from 'wm-watermark-codec';
import { MAX_REVEALED_CHARACTERS, MAX_REVEALED_HIDDEN } from '../src/domain/types.js';
import { carrierOf } from './carriers.js';
import { QUICK, median, round } from './measure.js';
import { WM, createAccount, scratchDir } from './processes.js';
import { startServer, stop } from './server.js';

/**
 * How long one request holds `wm serve`'s event loop: while a request with a body near the 1 MiB limit runs, a
 * second client asks GET /healthz one request after another; the slowest of those answers is the stall the
 * request caused (everything else waits as long). The worst inputs for each REST operation and each MCP tool.
 */

const ROUNDS = QUICK ? 1 : 3;
/** a body this size stays under the default 1 MiB limit with its JSON around it */
const BODY_CHARS = 980 * 1024;

const selector = (byte: number) =>
  byte < 16 ? String.fromCharCode(0xfe00 + byte) : String.fromCodePoint(0xe0100 + byte - 16);
/** UTF-8 bytes of text, as the body carries it */
const bytes = (text: string) => Buffer.byteLength(text);
function upTo(unit: string, limit = BODY_CHARS): string {
  return unit.repeat(Math.max(1, Math.floor(limit / bytes(unit))));
}

const prose = carrierOf('prose', BODY_CHARS - 200);
const onlySelectors = upTo(Array.from({ length: 256 }, (_, b) => selector(b)).join(''));
const zeroWidth = upTo('a\u200b');
const marked = encode(carrierOf('prose', 300_000), 'x'.repeat(2000), { method: 'chunked', chunkSize: 1 }).encoded;

interface Case {
  name: string;
  /** `rest`: POST /api/watermark/{operation}; `mcp`: the tool over POST /mcp */
  via: 'rest' | 'mcp';
  operation: string;
  body: Record<string, unknown>;
}

const CASES: Case[] = [
  { name: 'encode, 980 KB of prose', via: 'rest', operation: 'encode', body: { text: prose, secret: 'ID-42' } },
  { name: 'decode, 980 KB of selectors', via: 'rest', operation: 'decode', body: { text: onlySelectors } },
  { name: 'decode, a 2 KB secret on 300 KB', via: 'rest', operation: 'decode', body: { text: marked } },
  { name: 'decode-robust, 980 KB of prose', via: 'rest', operation: 'decode-robust', body: { text: prose } },
  { name: 'analyze, 980 KB of selectors', via: 'rest', operation: 'analyze', body: { encoded: onlySelectors } },
  { name: 'decode, 980 KB of selectors', via: 'mcp', operation: 'decode', body: { text: onlySelectors } },
  { name: 'strip, 980 KB of zero-width marks', via: 'mcp', operation: 'strip', body: { text: zeroWidth } },
  { name: 'reveal, 980 KB of zero-width marks', via: 'mcp', operation: 'reveal', body: { text: zeroWidth } },
  {
    name: 'reveal, 2,000 marks in 256 K characters (the most)',
    via: 'mcp',
    operation: 'reveal',
    body: {
      text:
        upTo('a\u200b', 4 * MAX_REVEALED_HIDDEN) + prose.slice(0, MAX_REVEALED_CHARACTERS - 2 * MAX_REVEALED_HIDDEN),
    },
  },
];

export interface StallRow {
  request: string;
  bodyKb: number;
  status: number;
  requestMs: number;
  /** the slowest GET /healthz answered while the request ran */
  worstHealthzMs: number;
  answerKb: number;
}

function requestOf(server: string, token: string, item: Case) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  if (item.via === 'rest') {
    return { url: `${server}/api/watermark/${item.operation}`, headers, body: JSON.stringify(item.body) };
  }
  const call = { name: item.operation, arguments: item.body };
  return {
    url: `${server}/mcp`,
    headers: { ...headers, accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: call }),
  };
}

async function stallOf(server: string, token: string, item: Case) {
  const { url, headers, body } = requestOf(server, token, item);
  let running = true;
  let worst = 0;
  const watch = (async () => {
    while (running) {
      const start = performance.now();
      await (await fetch(`${server}/healthz`)).arrayBuffer();
      worst = Math.max(worst, performance.now() - start);
    }
  })();
  const start = performance.now();
  const response = await fetch(url, { method: 'POST', headers, body });
  const answer = await response.arrayBuffer();
  const requestMs = performance.now() - start;
  running = false;
  await watch;
  return { status: response.status, requestMs, worst, answerBytes: answer.byteLength, bodyBytes: bytes(body) };
}

export async function measureStall(log: (line: string) => void): Promise<StallRow[]> {
  const home = join(scratchDir(), 'home');
  const account = createAccount(home, 'stall');
  const server = await startServer([WM, 'serve', '--home', home, '--port', '0']);
  try {
    // warms the JIT, the connections and the MCP SDK (loaded on the first /mcp request)
    const warmUp = CASES[2];
    await stallOf(server.url, account.token, warmUp);
    await stallOf(server.url, account.token, { ...warmUp, via: 'mcp' });
    const rows: StallRow[] = [];
    for (const item of CASES) {
      log(`stall: ${item.via} ${item.name}, ${ROUNDS} round(s)…`);
      const runs = [];
      for (let round = 0; round < ROUNDS; round++) runs.push(await stallOf(server.url, account.token, item));
      rows.push({
        request: `${item.via === 'rest' ? 'REST' : 'MCP'} ${item.name}`,
        bodyKb: round(runs[0].bodyBytes / 1024, 3),
        status: runs[0].status,
        requestMs: round(median(runs.map((r) => r.requestMs)), 3),
        worstHealthzMs: round(Math.max(...runs.map((r) => r.worst)), 3),
        answerKb: round(runs[0].answerBytes / 1024, 3),
      });
    }
    return rows;
  } finally {
    await stop(server);
  }
}
