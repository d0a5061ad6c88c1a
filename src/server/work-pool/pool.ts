import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { workBusy, workOutOfMemory, workTimedOut } from '../../domain/work/failures.js';
import {
  JOB_RESULT_UNITS,
  JOB_UNITS,
  runJob,
  type JobInput,
  type JobName,
  type JobResult,
} from '../../domain/work/jobs.js';
import type { RunJob, WorkRunner } from '../../domain/work/runner.js';
import { INLINE_BELOW } from './inline-threshold.js';
import { receivedFailure } from './outcome.js';
import { keepSpare } from './sent-text.js';
import { createThreads } from './threads.js';
import { receiveWritten } from './written-json.js';

export interface WorkPoolOptions {
  /** the worker script (dist/bundle/wm-work-worker.cjs: `workerScript()`) */
  workerFile: string;
  /** worker threads, all started at once and kept */
  threads: number;
  /** jobs that may wait for a thread; beyond, a job is refused at once (BUSY) */
  queue: number;
  /** a request's jobs must be done this long after its first was handed over, or they are stopped (WORK_LIMIT) */
  budgetSeconds: number;
  /**
   * a worker's heap (V8's old generation) at most: a job that needs more is stopped (WORK_LIMIT). A job whose result
   * would hold more text than this is refused before it starts: large strings made from buffers live outside the
   * heap, where the limit does not see them (docs/PERFORMANCE.md)
   */
  memoryMb: number;
  /** per job, inputs smaller than this many units (JOB_UNITS) run in the calling thread; default INLINE_BELOW */
  inlineBelow?: Partial<Record<JobName, number>>;
  now?: () => Date;
}

export interface WorkPool extends WorkRunner {
  /** Resolves once a worker has run a job: the worker script loads (a broken install fails here, not per request). */
  started(): Promise<void>;
  state(): {
    /** jobs handed over and running, or waiting for a thread */
    running: number;
    waiting: number;
    /** the worker threads alive now, by id */
    threadIds: number[];
    /** workers ended under a job (its budget, its memory, a crash) and replaced since the start */
    replaced: number;
  };
}

/** Job time assumed for Retry-After before one has been measured. */
const INITIAL_JOB_MS = 1000;

/**
 * The worker threads of `wm serve` (./threads.ts): the jobs of ../../domain/work/jobs.ts run there, so that a large
 * request never holds the event loop that every other request, /healthz included, is answered on. A job stopped by
 * its request's budget (an AbortSignal) ends its worker, and a worker that runs out of memory ends too; another
 * starts in its place, and the job's request fails before anything is recorded or charged. Tiny inputs run in the
 * calling thread: handing them over would cost more than the work (docs/PERFORMANCE.md).
 */
export function createWorkPool(options: WorkPoolOptions): WorkPool {
  const now = options.now ?? (() => new Date());
  const inlineBelow = { ...INLINE_BELOW, ...options.inlineBelow };
  const threads = createThreads({ file: options.workerFile, count: options.threads, memoryMb: options.memoryMb });
  let closing = false;
  let admitted = 0;
  // a moving average of how long one job takes, for Retry-After
  let jobMs = INITIAL_JOB_MS;

  const refuseWhenFull = () => {
    if (admitted < options.threads + options.queue) return;
    const rounds = Math.ceil((admitted - options.threads + 1) / options.threads);
    throw workBusy(new Date(now().getTime() + Math.max(1000, rounds * jobMs)), now());
  };

  async function handOver<N extends JobName>(name: N, input: JobInput<N>, signal: AbortSignal) {
    if (closing) throw new Error('the work pool is closed');
    if (signal.aborted) throw workTimedOut(options.budgetSeconds);
    if (2 * JOB_RESULT_UNITS[name](input) > options.memoryMb * 2 ** 20) throw workOutOfMemory(options.memoryMb);
    refuseWhenFull();
    admitted++;
    const started = performance.now();
    try {
      const outcome = await threads.run(name, input, signal);
      jobMs = 0.8 * jobMs + 0.2 * (performance.now() - started);
      if (outcome.read) keepSpare(outcome.read);
      if (!outcome.ok) throw receivedFailure(outcome.failure);
      if (outcome.written) receiveWritten(outcome.value as object, outcome.written);
      return outcome.value as JobResult<N>;
    } catch (error) {
      if (signal.aborted) throw workTimedOut(options.budgetSeconds);
      if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw workOutOfMemory(options.memoryMb);
      throw error;
    } finally {
      admitted--;
    }
  }

  return {
    forRequest(): RunJob {
      // made at the first job handed over: a request of tiny jobs costs no timer
      let budget: AbortSignal | undefined;
      return async <N extends JobName>(name: N, input: JobInput<N>) => {
        const units = JOB_UNITS[name](input);
        if (units < (inlineBelow[name] ?? 0)) return runJob(name, input);
        budget ??= AbortSignal.timeout(options.budgetSeconds * 1000);
        return handOver(name, input, budget);
      };
    },
    started: async () => {
      await handOver('strip', { text: '' }, AbortSignal.timeout(options.budgetSeconds * 1000));
    },
    state: () => ({
      running: Math.min(admitted, options.threads),
      waiting: Math.max(0, admitted - options.threads),
      ...threads.state(),
    }),
    close: () => {
      closing = true;
      // the server closes it once its requests are answered: what is left is ended
      return threads.close();
    },
  };
}

/**
 * The worker script: beside the bundle this runs in (dist/bundle/, where scripts/build-cli.mjs writes both), or,
 * from the TypeScript sources or tsc's dist/ (tests, the library), the built one in dist/bundle/.
 */
export function workerScript(): string {
  const candidates = ['./wm-work-worker.cjs', '../../../dist/bundle/wm-work-worker.cjs'].map((path) =>
    fileURLToPath(new URL(path, import.meta.url)),
  );
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`the worker script is missing (${candidates.join(', ')}): run npm run build`);
  return found;
}
