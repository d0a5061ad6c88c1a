import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { encode } from 'wm-watermark-codec';
import { DEFAULT_CONFIG } from '../src/domain/config.js';
import { generatedDocument } from './fingerprint/generated-texts.js';
import { carrierOf } from './carriers.js';
import { QUICK, percentile, round } from './measure.js';
import { ROOT, WM, scratchDir } from './processes.js';
import { startServer, stop } from './server.js';

/**
 * /healthz and a small decode while the largest request each plan allows runs on `wm serve` (issue 41): a watcher
 * thread of its own (so that the bench receiving a 70 MB answer does not delay it) asks GET /healthz back to back
 * and POSTs a 1 KB decode every 20 ms; their latencies while the request runs are the figures. The same requests
 * with `--workers 0` (the work on the event loop, as before the pool) are the reference.
 */

/** the body limit's worth of text, with room for the JSON around it */
const BODY_CHARS = 980 * 1024;
const TRACE_CHANNELS = 122;
const TRACE_KB = 672;

/** The most one issue may make on the pro plan (recipients × characters): its largest issues stay within it. */
const PRO_COPIES_CHARACTERS = DEFAULT_CONFIG.copiesCharactersByPlan.pro;
const SMALL_DOCUMENT = generatedDocument(1, 4000);
const LARGE_DOCUMENT = carrierOf('prose', 950 * 1024);
const mostCopiesOf = (text: string) => Math.floor(PRO_COPIES_CHARACTERS / text.length);

const selector = (byte: number) =>
  byte < 16 ? String.fromCharCode(0xfe00 + byte) : String.fromCodePoint(0xe0100 + byte - 16);
const upTo = (unit: string, units: number) => unit.repeat(Math.max(1, Math.floor(units / unit.length)));
const prose = carrierOf('prose', BODY_CHARS - 200);
const recipients = (count: number) => Array.from({ length: count }, (_, i) => `reader-${i}@example.com`);

interface Case {
  name: string;
  /** the plans whose limits allow it (the body limit is every plan's; copies are capped by plan) */
  plans: string;
  path: string;
  body: () => Record<string, unknown>;
  /** which token: the plain one, the channel's (copies) or the account with many channels (trace) */
  token: 'plain' | 'channel' | 'channels';
  /** measured with --workers 0 too */
  reference?: boolean;
}

const CASES: Case[] = [
  {
    name: 'encode, 980 KB of prose',
    plans: 'all',
    path: '/api/watermark/encode',
    body: () => ({ text: prose, secret: 'ID-42' }),
    token: 'plain',
    reference: true,
  },
  {
    name: 'encode-robust, 980 KB of prose',
    plans: 'all',
    path: '/api/watermark/encode-robust',
    body: () => ({ text: prose, secret: 'ID-42' }),
    token: 'plain',
  },
  {
    name: 'decode, 980 KB of selectors only',
    plans: 'all',
    path: '/api/watermark/decode',
    body: () => ({ text: upTo(Array.from({ length: 256 }, (_, b) => selector(b)).join(''), BODY_CHARS / 2) }),
    token: 'plain',
  },
  {
    name: 'decode-robust, 980 KB of prose',
    plans: 'all',
    path: '/api/watermark/decode-robust',
    body: () => ({ text: prose }),
    token: 'plain',
  },
  {
    name: `issue ${QUICK ? 100 : mostCopiesOf(SMALL_DOCUMENT)} copies of 20 KB`,
    plans: 'pro',
    path: '/api/v2/copies',
    body: () => ({ text: SMALL_DOCUMENT, recipients: recipients(QUICK ? 100 : mostCopiesOf(SMALL_DOCUMENT)) }),
    token: 'channel',
    reference: true,
  },
  {
    name: `issue ${QUICK ? 4 : mostCopiesOf(LARGE_DOCUMENT)} copies of 950 KB`,
    plans: 'pro',
    path: '/api/v2/copies',
    body: () => ({ text: LARGE_DOCUMENT, recipients: recipients(QUICK ? 4 : mostCopiesOf(LARGE_DOCUMENT)) }),
    token: 'channel',
  },
  {
    name: 'issue 1,000 copies of 950 KB (beyond every plan: refused before any work)',
    plans: 'none',
    path: '/api/v2/copies',
    body: () => ({ text: LARGE_DOCUMENT, recipients: recipients(1000) }),
    token: 'channel',
  },
  {
    name: `trace ${TRACE_KB} KB with ${TRACE_CHANNELS} channels`,
    plans: 'starter, pro',
    path: '/api/v2/copies/trace',
    body: () => ({ text: traceText }),
    token: 'channels',
    reference: true,
  },
];

/** a marked copy (frames and robust marks under one channel's key), so every channel's key reads through it */
let traceText = '';

export interface HealthzRow {
  request: string;
  plans: string;
  workers: string;
  status: number;
  requestMs: number;
  healthzP99Ms: number;
  healthzMaxMs: number;
  smallDecodeP99Ms: number;
  samples: number;
}

/** The watcher thread: plain JavaScript, run from its source (the bench is one bundled file). */
const WATCHER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, token, decodeBody } = workerData;
let running = true;
const healthz = [];
const decodes = [];
parentPort.on('message', () => { running = false; });
(async () => {
  const poll = async () => {
    while (running) {
      const start = performance.now();
      await (await fetch(url + '/healthz')).arrayBuffer();
      healthz.push(performance.now() - start);
    }
  };
  const decode = async () => {
    while (running) {
      const start = performance.now();
      const answer = await fetch(url + '/api/watermark/decode', {
        method: 'POST',
        headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' },
        body: decodeBody,
      });
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error('small decode answered ' + answer.status);
      decodes.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await Promise.all([poll(), decode()]);
  parentPort.postMessage({ healthz, decodes });
})();
`;

async function watched(url: string, token: string, run: () => Promise<{ status: number }>) {
  const decodeBody = JSON.stringify({ text: encode(carrierOf('prose', 1024), 'ID-42').encoded });
  const watcher = new Worker(WATCHER, { eval: true, workerData: { url, token, decodeBody } });
  const seen = new Promise<{ healthz: number[]; decodes: number[] }>((resolve, reject) => {
    watcher.once('message', resolve);
    watcher.once('error', reject);
  });
  // the watcher's first answers before the request: its connections are open
  await new Promise((resolve) => setTimeout(resolve, 300));
  const start = performance.now();
  const { status } = await run();
  const requestMs = performance.now() - start;
  watcher.postMessage('stop');
  const { healthz, decodes } = await seen;
  await watcher.terminate();
  return { status, requestMs, healthz, decodes };
}

interface Tokens {
  plain: string;
  channel: string;
  channels: string;
}

/** Three pro accounts made in the data folder (the same limits as starter's for these requests). */
async function prepare(home: string): Promise<Tokens> {
  const data = (await import(
    join(ROOT, 'dist', 'data-folder', 'index.js')
  )) as typeof import('../src/data-folder/index.js');
  const opened = await data.openDomain({ home, create: true, env: { ...process.env, WM_SCRYPT_LN: '10' } });
  try {
    const { admin } = opened.domain;
    const account = async (name: string) => {
      const email = `${name}@bench.example`;
      await admin.createUser({ email, username: name, password: 'a bench password 42', plan: 'pro', verified: true });
      await admin.grantCredits(email, 1_000_000_000);
      return email;
    };
    const permissions: ('encode' | 'decode')[] = ['encode', 'decode'];
    const plain = await admin.createToken(await account('plain'), { name: 'bench', permissions });
    const issuer = await account('issuer');
    await admin.createChannel(issuer, 'copies');
    const channel = await admin.createToken(issuer, { name: 'bench', permissions, channelName: 'copies' });
    // a pro account may hold any number of deactivated channels: a trace no longer reads with their keys (round
    // four: copies are sealed with the account's copy-mark key), which the figure shows
    const tracer = await account('tracer');
    for (let i = 1; i < TRACE_CHANNELS; i++) {
      await admin.createChannel(tracer, `old-${i}`);
      await admin.deactivateChannel(tracer, `old-${i}`);
    }
    await admin.createChannel(tracer, 'current');
    const channels = await admin.createToken(tracer, { name: 'bench', permissions, channelName: 'current' });
    const run = await admin.accountOperations(tracer);
    const issued = await run('issue_copies', { text: carrierOf('prose', TRACE_KB * 512), recipients: ['leaker'] });
    // the leak: the copy's first TRACE_KB KB (its marks make it about three times its visible text), cut at a line end
    const lines = issued.copies[0].text.split('\n');
    while (Buffer.byteLength(traceText) + Buffer.byteLength(lines[0]) < TRACE_KB * 1024)
      traceText += `${lines.shift()}\n`;
    return { plain: plain.token, channel: channel.token, channels: channels.token };
  } finally {
    await opened.close();
  }
}

/**
 * Each kind of request once, smaller: the server's code and the workers' warm, as after its first requests. Its text
 * is past 128 KiB, so that the paths of long texts (sent and answered as bytes) are warm too.
 */
async function warmUp(url: string, tokens: Tokens) {
  for (const item of CASES) {
    const body = { ...item.body(), text: carrierOf('prose', 200_000) };
    if ('recipients' in body) body.recipients = recipients(2);
    const answer = await fetch(url + item.path, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[item.token]}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await answer.arrayBuffer();
  }
}

/** `workers`: the flag's value, or undefined for the default (one per core). */
async function measureWith(
  home: string,
  tokens: Tokens,
  workers: string | undefined,
  cases: Case[],
  log: (line: string) => void,
) {
  const flag = workers === undefined ? [] : ['--workers', workers];
  const server = await startServer([WM, 'serve', '--home', home, '--port', '0', ...flag]);
  const label = workers ?? `${availableParallelism()} (default)`;
  const rows: HealthzRow[] = [];
  try {
    await warmUp(server.url, tokens);
    for (const item of cases) {
      log(`healthz: ${item.name}, workers ${label}…`);
      const body = JSON.stringify(item.body());
      const measured = await watched(server.url, tokens.plain, async () => {
        const answer = await fetch(server.url + item.path, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens[item.token]}`, 'content-type': 'application/json' },
          body,
        });
        await answer.arrayBuffer();
        return answer;
      });
      rows.push({
        request: item.name,
        plans: item.plans,
        workers: label,
        status: measured.status,
        requestMs: round(measured.requestMs),
        healthzP99Ms: round(percentile(measured.healthz, 99)),
        healthzMaxMs: round(Math.max(...measured.healthz)),
        smallDecodeP99Ms: round(percentile(measured.decodes, 99)),
        samples: measured.healthz.length,
      });
      log(`healthz: ${JSON.stringify(rows.at(-1))}`);
    }
  } finally {
    await stop(server);
  }
  return rows;
}

export async function measureHealthz(log: (line: string) => void): Promise<HealthzRow[]> {
  const home = join(scratchDir(), 'home');
  const tokens = await prepare(home);
  const pooled = await measureWith(home, tokens, undefined, CASES, log);
  const reference = await measureWith(
    home,
    tokens,
    '0',
    CASES.filter((item) => item.reference),
    log,
  );
  return [...pooled, ...reference];
}
