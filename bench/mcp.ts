import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { encode } from 'wm-watermark-codec';
import { carrierOf } from './carriers.js';
import { QUICK, median, medianRatio, round } from './measure.js';
import { ROOT, WM, createAccount, scratchDir } from './processes.js';
import { load, startServer, stop, type Load } from './server.js';

const SPAWN_RUNS = QUICK ? 5 : 15;
const LOAD_S = QUICK ? 2 : 5;
const LOAD_ROUNDS = QUICK ? 1 : 3;

export interface McpResults {
  spawn: { toolsListMs: number; nodeMs: number; vsNode: number };
  http: {
    mcpRequestsPerSecond: number;
    mcpP99Ms: number;
    restRequestsPerSecond: number;
    restP99Ms: number;
    vsRest: number;
  };
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
};

/** Milliseconds from spawning `wm mcp` to the answer of tools/list (initialize first, as a client does). */
function timeToToolsList(): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, [WM, 'mcp'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'ignore'] });
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if ((JSON.parse(line) as { id?: number }).id !== 2) return;
      const elapsed = performance.now() - start;
      child.stdin.end();
      child.once('exit', () => resolve(elapsed));
    });
    child.on('error', reject);
    child.stdin.write(`${JSON.stringify(INITIALIZE)}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`);
  });
}

function timeNode(): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    child.on('error', reject);
    child.once('exit', () => resolve(performance.now() - start));
  });
}

/**
 * `wm mcp` start-up (spawn → tools/list answered) beside `node -e 0`, interleaved; and one tool call over /mcp
 * (decode of 1 KB, stateless JSON) beside the same REST call under the server bench's load.
 */
export async function measureMcp(log: (line: string) => void): Promise<McpResults> {
  log(`mcp: spawn to tools/list, ${SPAWN_RUNS} runs…`);
  const tools: number[] = [];
  const bare: number[] = [];
  await timeToToolsList(); // warms the file cache
  for (let run = 0; run < SPAWN_RUNS; run++) {
    tools.push(await timeToToolsList());
    bare.push(await timeNode());
  }

  const home = join(scratchDir(), 'home');
  const accounts = Array.from({ length: 2 * (LOAD_ROUNDS + 1) }, (_, i) => createAccount(home, `mcp${i}`));
  const server = await startServer([WM, 'serve', '--home', home, '--port', '0']);
  try {
    const marked = encode(carrierOf('prose', 1000), 'bench secret').encoded;
    const auth = (i: number) => [{ authorization: `Bearer ${accounts[i].token}` }];
    const rest = (i: number): Load => ({
      method: 'POST',
      path: '/api/watermark/decode',
      headers: auth(i),
      body: JSON.stringify({ text: marked }),
    });
    const mcp = (i: number): Load => ({
      method: 'POST',
      path: '/mcp',
      headers: auth(i).map((headers) => ({ ...headers, accept: 'application/json, text/event-stream' })),
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'decode', arguments: { text: marked } },
      }),
    });
    log('mcp: warming up /mcp and the REST decode…');
    await load(server.url, mcp(0), 50, 1);
    await load(server.url, rest(1), 50, 1);
    const ours: { requestsPerSecond: number; p99Ms: number }[] = [];
    const reference: { requestsPerSecond: number; p99Ms: number }[] = [];
    for (let r = 1; r <= LOAD_ROUNDS; r++) {
      log(
        `mcp: tools/call decode over /mcp and POST /api/watermark/decode, ` +
          `round ${r}/${LOAD_ROUNDS} (${LOAD_S} s each)…`,
      );
      ours.push(await load(server.url, mcp(2 * r), 50, LOAD_S));
      reference.push(await load(server.url, rest(2 * r + 1), 50, LOAD_S));
    }
    return {
      spawn: {
        toolsListMs: round(median(tools), 3),
        nodeMs: round(median(bare), 3),
        vsNode: round(medianRatio(tools, bare)),
      },
      http: {
        mcpRequestsPerSecond: round(median(ours.map((f) => f.requestsPerSecond)), 3),
        mcpP99Ms: median(ours.map((f) => f.p99Ms)),
        restRequestsPerSecond: round(median(reference.map((f) => f.requestsPerSecond)), 3),
        restP99Ms: median(reference.map((f) => f.p99Ms)),
        vsRest: round(
          medianRatio(
            ours.map((f) => f.requestsPerSecond),
            reference.map((f) => f.requestsPerSecond),
          ),
        ),
      },
    };
  } finally {
    await stop(server);
  }
}
