import { inlineWork, type WorkRunner } from '../../domain/work/runner.js';
import type { ServerConfig } from '../config.js';
import { createWorkPool, workerScript } from './pool.js';

export { createWorkPool, workerScript, type WorkPool, type WorkPoolOptions } from './pool.js';

type WorkSettings = Pick<ServerConfig, 'workers' | 'workQueue' | 'workTimeoutSeconds' | 'workerMemoryMb'>;

/**
 * wm serve's work runner: its worker threads as configured, or, with `--workers 0`, the event loop itself; `started`
 * resolves once a worker has answered (a worker script that does not load fails the start, not every request).
 */
export function serverWork(config: WorkSettings): { work: WorkRunner; started: Promise<void> } {
  if (config.workers === 0) return { work: inlineWork, started: Promise.resolve() };
  const pool = createWorkPool({
    workerFile: workerScript(),
    threads: config.workers,
    queue: config.workQueue,
    budgetSeconds: config.workTimeoutSeconds,
    memoryMb: config.workerMemoryMb,
  });
  return { work: pool, started: pool.started() };
}

/** The banner's line. */
export function describeWork(config: WorkSettings): string {
  if (config.workers === 0) return 'none: large requests run on the event loop (--workers 0)';
  return (
    `${config.workers} thread${config.workers === 1 ? '' : 's'} for large requests ` +
    `(a request's work stopped after ${config.workTimeoutSeconds} s or ${config.workerMemoryMb} MB)`
  );
}
