import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { CodecError, encode } from 'wm-watermark-codec';
import { encodeRobust } from 'wm-watermark-codec/robust';
import { fingerprintKey } from '../src/domain/fingerprint/index.js';
import { JOB_NAMES, runJob, type JobInput, type JobName } from '../src/domain/work/jobs.js';
import { INLINE_BELOW } from '../src/server/work-pool/inline-threshold.js';
import { jsonStream } from '../src/server/json-stream.js';
import { createWorkPool, type WorkPool } from '../src/server/work-pool/pool.js';
import { carrierOf } from './carriers.js';
import { QUICK, median, medianRatio, round } from './measure.js';
import { OUT, ROOT } from './processes.js';

/**
 * wm serve's worker pool (src/server/work-pool/): what handing a job over costs, what each job costs per unit of
 * input on ordinary text and on the worst input found for it, and so below which size a job stays in the calling
 * thread (the rule of INLINE_BELOW: its work on ordinary text costs less than a hand-off, and on the worst input at
 * most STALL_MS); and encode throughput of the pool on two cores (two workers) beside the same pool held to one core
 * (one worker, its process pinned), each in a process of its own, side by side, beside what the machine gives the
 * same job looping in one and two processes.
 */

const WORKER = join(ROOT, 'dist', 'bundle', 'wm-work-worker.cjs');
const ROUNDS = QUICK ? 3 : 7;
/** units of input the per-unit costs are measured at: large enough that fixed costs do not count */
const UNITS = QUICK ? 16_384 : 65_536;

const selector = (byte: number) =>
  byte < 16 ? String.fromCharCode(0xfe00 + byte) : String.fromCodePoint(0xe0100 + byte - 16);
const repeatTo = (unit: string, units: number) => unit.repeat(Math.max(1, Math.floor(units / unit.length)));
/** The most a job kept in the calling thread may hold the event loop, on the worst input known for it. */
const STALL_MS = 1;
/** The texts a job's ordinary cost is measured on; the others are the hostile ones. */
const ORDINARY = ['prose', 'mixed'];
const key = randomBytes(32);
const fpKey = fingerprintKey(randomBytes(32));

/** Texts of `units` UTF-16 units: ordinary ones, and the hostile inputs of bench/hostile.ts. */
const TEXTS: Record<string, (units: number) => string> = {
  prose: (units) => carrierOf('prose', units).slice(0, units),
  mixed: (units) => carrierOf('mixed', units * 1.5).slice(0, units),
  'only selectors': (units) => repeatTo(Array.from({ length: 256 }, (_, b) => selector(b)).join(''), units),
  'zero-width marks': (units) => repeatTo('a\u200b', units),
  'lone surrogates and tags': (units) => repeatTo('x\uD800y\uDC00\u{E0041}\u200D\uFE0F', units),
  'marked prose': (units) => encode(carrierOf('prose', units).slice(0, units), 'x'.repeat(64)).encoded,
  'robust prose': (units) => encodeRobust(carrierOf('prose', units).slice(0, units), 'ID-42').watermarked,
  spaces: (units) => ' '.repeat(units),
};

const planOf = (text: string) => runJob('plan-variants', { text, recipients: 100, request: {} });
const PROSE_COPIES = Array.from({ length: 100 }, (_, i) => `bench-copy-${i}`);
let proseVariants: Uint8Array | undefined;
const proseRecord = () =>
  (proseVariants ??= runJob('mark-variant-copies', {
    plan: planOf(carrierOf('prose', 20_000).slice(0, 20_000)),
    variantKey: key,
    copyIds: [],
    marksKey: key,
  }).record);

/** Each job's input made of a text (the text is what grows). */
export const INPUTS: { [N in JobName]: (text: string) => JobInput<N> } = {
  encode: (text) => ({ text, secret: 'ID-42', options: {} }),
  'encode-robust': (text) => ({ text, secret: 'ID-42', options: {} }),
  decode: (text) => ({ text, options: {} }),
  'decode-robust': (text) => ({ text, options: {} }),
  analyze: (text) => ({ encoded: text }),
  strip: (text) => ({ text }),
  reveal: (text) => ({ text, maxHidden: 10_000 }),
  'mark-copies': (text) => ({ text, copyIds: ['bench-copy-1'], key }),
  'read-copy-marks': (text) => ({ text, key }),
  fingerprint: (text) => ({ text, key: fpKey }),
  'plan-variants': (text) => ({ text, recipients: 100, request: {} }),
  'mark-variant-copies': (text) => ({ plan: planOf(text), variantKey: key, copyIds: ['bench-copy-1'], marksKey: key }),
  'draw-variants': (text) => ({ plan: planOf(text), variantKey: key, copyIds: ['bench-copy-1'] }),
  // the text read as a leak of a prose document issued to 100 recipients
  'accuse-variants': (text) => ({
    text,
    documents: [{ documentId: 1, record: proseRecord(), variantKey: key, copyIds: PROSE_COPIES, marked: [] }],
  }),
};

/** A typed refusal is a fine answer to a hostile input: it costs what it costs. */
const quietly = async (run: () => unknown) => {
  try {
    await run();
  } catch (error) {
    if (!(error instanceof CodecError)) throw error;
  }
};

async function msPerCall(run: () => unknown, minMs: number): Promise<number> {
  await quietly(run);
  let calls = 0;
  const start = performance.now();
  do {
    await quietly(run);
    calls++;
  } while (performance.now() - start < minMs);
  return (performance.now() - start) / calls;
}

export interface PoolJobRow {
  job: JobName;
  /** per unit of input, on prose or mixed text (the dearer) */
  ordinaryNsPerUnit: number;
  /** the input on which the job cost most per unit, and that cost */
  worstInput: string;
  worstNsPerUnit: number;
  /** units below which the job costs less than a hand-off on ordinary text, and less than STALL_MS on its worst */
  measuredThreshold: number;
  /** what src/server/work-pool/inline-threshold.ts says */
  configured: number;
}

export interface PoolResult {
  /** a tiny job handed over and answered, minus the same job run here, µs (median of rounds) */
  handoffUs: number;
  jobs: PoolJobRow[];
  throughput: {
    operation: string;
    textKb: number;
    oneWorkerPerSecond: number;
    twoWorkersPerSecond: number;
    /** median of per-round ratios */
    twoVsOne: number;
    /** the pool with one worker in a process held to one core (taskset): what it gives on a one-core machine */
    poolOnOneCorePerSecond: number;
    /** two workers (on two cores) ÷ that: the budget of issue 41, "on two cores, at least 1.6× one core" */
    twoCoresVsOne: number;
    /** the job looping in one process held to one core, no pool: the most one core gives it */
    oneCorePerSecond: number;
    /** two workers ÷ that: what the hand-off and the answer's writing cost beside the job itself */
    twoVsOneCore: number;
    /** the same job looping in two processes ÷ in one, no pool: what this machine gives it on two cores */
    twoProcessesVsOne: number;
  }[];
}

export const poolOf = (threads: number): WorkPool =>
  createWorkPool({
    workerFile: WORKER,
    threads,
    queue: 1000,
    budgetSeconds: 600,
    memoryMb: 1024,
    inlineBelow: Object.fromEntries(JOB_NAMES.map((name) => [name, 0])),
  });

async function measureHandoff(pool: WorkPool): Promise<number> {
  const run = pool.forRequest();
  const input = { text: 'a few words' };
  const rounds: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const pooled = await msPerCall(() => run('strip', input), 200);
    const here = await msPerCall(() => runJob('strip', input), 200);
    rounds.push((pooled - here) * 1000);
  }
  return median(rounds);
}

async function measureJob(name: JobName, handoffUs: number, texts: Record<string, string>): Promise<PoolJobRow> {
  let worst = { input: '', nsPerUnit: 0 };
  let ordinary = 0;
  for (const [input, text] of Object.entries(texts)) {
    const made = INPUTS[name](text) as JobInput<typeof name>;
    const perRound: number[] = [];
    for (let i = 0; i < Math.min(ROUNDS, 3); i++) perRound.push(await msPerCall(() => runJob(name, made), 30));
    const nsPerUnit = (median(perRound) * 1e6) / text.length;
    if (ORDINARY.includes(input)) ordinary = Math.max(ordinary, nsPerUnit);
    if (nsPerUnit > worst.nsPerUnit) worst = { input, nsPerUnit };
  }
  return {
    job: name,
    ordinaryNsPerUnit: round(ordinary),
    worstInput: worst.input,
    worstNsPerUnit: round(worst.nsPerUnit),
    measuredThreshold: Math.floor(Math.min((handoffUs * 1e3) / ordinary, (STALL_MS * 1e6) / worst.nsPerUnit)),
    configured: INLINE_BELOW[name],
  };
}

/**
 * `clients` callers, each sending its next job as soon as its last is answered (as a server's clients do: no one waits
 * for the others), for at least `minMs`: jobs answered per second.
 */
async function rate(run: () => Promise<unknown>, clients: number, minMs: number): Promise<number> {
  let done = 0;
  const start = performance.now();
  const client = async () => {
    while (performance.now() - start < minMs) {
      await run();
      done++;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return (done * 1000) / (performance.now() - start);
}

/** A job's answer written as the route writes it (../src/server/json-stream.ts), to nowhere: its bytes. */
async function written(result: object): Promise<number> {
  let bytes = 0;
  for await (const chunk of jsonStream(result as Record<string, unknown>)) bytes += (chunk as Buffer).length;
  return bytes;
}

/**
 * Jobs a pool answers per second to eight clients (every worker always has the next job waiting), each answer
 * written as a route writes it.
 */
export const poolRate = (
  pool: WorkPool,
  operation: Throughput['operation'],
  input: JobInput<'encode'>,
  minMs: number,
) => rate(async () => written(await pool.forRequest()(operation, input)), 8, minMs);

/** The workers' codec warmed up, as a server's is after its first requests. */
export async function warmUp(pool: WorkPool): Promise<void> {
  for (let i = 0; i < 200; i++) await pool.forRequest()('encode', INPUTS.encode(carrierOf('prose', 4096)));
}

/** Whether `taskset` can hold a process to one core (Linux's util-linux). */
const TASKSET = spawnSync('taskset', ['-c', '0', 'true']).status === 0;
/** fork's options that start a process held to the first core, its threads too */
const ON_ONE_CORE = TASKSET ? { execPath: 'taskset', execArgv: ['-c', '0', process.execPath] } : {};

/**
 * `count` processes looping on the job at once (./job-loop.cjs), started together: jobs answered per second. With
 * `oneCore`, the one process is held to the first core (`taskset`), its GC's helper threads too: what one core gives
 * the job, with no pool and no event loop between two jobs.
 */
async function processesRate(
  count: number,
  task: { job: string; input: unknown },
  jobs: number,
  oneCore = false,
): Promise<number> {
  const children = Array.from({ length: count }, () =>
    fork(join(ROOT, 'bench', 'job-loop.cjs'), [WORKER], { serialization: 'advanced', ...(oneCore ? ON_ONE_CORE : {}) }),
  );
  const next = (child: ChildProcess) => new Promise<unknown>((resolve) => child.once('message', resolve));
  const ready = children.map(next);
  for (const child of children) child.send({ task, jobs });
  await Promise.all(ready);
  const done = children.map(next);
  for (const child of children) child.send('go');
  const ms = (await Promise.all(done)) as number[];
  return (count * jobs * 1000) / Math.max(...ms);
}

export type Throughput = { operation: 'encode' | 'encode-robust'; kb: number; minMs: number };

/** A process of its own running wm serve's pool (./pool-process.ts), warmed up: jobs per second on request. */
interface PoolProcess {
  rate(request: Throughput): Promise<number>;
  close(): Promise<void>;
}

async function startPoolProcess(threads: number, oneCore = false): Promise<PoolProcess> {
  const child = fork(join(OUT, 'pool-process.mjs'), [String(threads)], oneCore ? ON_ONE_CORE : {});
  const next = () => new Promise<unknown>((resolve) => child.once('message', resolve));
  await next();
  return {
    async rate(request) {
      const answer = next();
      child.send(request);
      return (await answer) as number;
    },
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('end');
      await exited;
    },
  };
}

interface PoolProcesses {
  one: PoolProcess;
  two: PoolProcess;
  /** one worker, the process held to one core */
  onOneCore: PoolProcess;
}

async function measureThroughput(pools: PoolProcesses, operation: Throughput['operation'], kb: number) {
  const input = INPUTS[operation](carrierOf('prose', kb * 1024));
  const oneProcessRates: number[] = [];
  const twoProcessesRates: number[] = [];
  const oneCoreRates: number[] = [];
  const oneRates: number[] = [];
  const twoRates: number[] = [];
  const onOneCoreRates: number[] = [];
  const request = { operation, kb, minMs: QUICK ? 500 : 1500 };
  for (let i = 0; i < ROUNDS; i++) {
    oneRates.push(await pools.one.rate(request));
    twoRates.push(await pools.two.rate(request));
    onOneCoreRates.push(await pools.onOneCore.rate(request));
    // as many jobs as one worker answers in minMs: the processes' loops (no hand-off) run at least that long
    const jobs = Math.ceil((oneRates.at(-1)! * request.minMs) / 1000);
    oneProcessRates.push(await processesRate(1, { job: operation, input }, jobs));
    twoProcessesRates.push(await processesRate(2, { job: operation, input }, jobs));
    oneCoreRates.push(await processesRate(1, { job: operation, input }, jobs, true));
  }
  return {
    operation,
    textKb: kb,
    oneWorkerPerSecond: round(median(oneRates)),
    twoWorkersPerSecond: round(median(twoRates)),
    twoVsOne: round(medianRatio(twoRates, oneRates)),
    poolOnOneCorePerSecond: round(median(onOneCoreRates)),
    twoCoresVsOne: round(medianRatio(twoRates, onOneCoreRates)),
    oneCorePerSecond: round(median(oneCoreRates)),
    twoVsOneCore: round(medianRatio(twoRates, oneCoreRates)),
    twoProcessesVsOne: round(medianRatio(twoProcessesRates, oneProcessRates)),
  };
}

export async function measurePool(log: (line: string) => void): Promise<PoolResult> {
  const one = poolOf(1);
  try {
    await warmUp(one);
    const handoffUs = round(await measureHandoff(one));
    log(`pool: a hand-off costs ${handoffUs} µs`);
    const texts = Object.fromEntries(Object.entries(TEXTS).map(([name, make]) => [name, make(UNITS)]));
    const jobs: PoolJobRow[] = [];
    for (const name of JOB_NAMES) {
      jobs.push(await measureJob(name, handoffUs, texts));
      log(`pool: ${JSON.stringify(jobs.at(-1))}`);
    }
    if (!TASKSET) log('pool: no taskset here: the one-core figures are one process, not held to one core');
    const pools = {
      one: await startPoolProcess(1),
      two: await startPoolProcess(2),
      onOneCore: await startPoolProcess(1, true),
    };
    const throughput = [];
    try {
      for (const [operation, kb] of [
        ['encode', 1024],
        ['encode', 64],
        ['encode-robust', 64],
      ] as const) {
        throughput.push(await measureThroughput(pools, operation, kb));
        log(`pool: ${JSON.stringify(throughput.at(-1))}`);
      }
    } finally {
      await Promise.all(Object.values(pools).map((pool) => pool.close()));
    }
    return { handoffUs, jobs, throughput };
  } finally {
    await one.close();
  }
}
