import { Worker } from 'node:worker_threads';
import type { ScanOutcome } from './report-types.js';
import type { ScanSettings } from './scan-file.js';
import type { WorkerAnswer, WorkerOutcome, WorkerTask } from './worker.js';

/**
 * The worker threads that read files, one per core: each takes batches of files one after another and answers
 * with their outcomes, so the main thread only walks the tree and prints. A message costs tens of microseconds each
 * way, as much as reading a small file, and wakes the main thread, which then competes for a core: files go in
 * batches (batchSize: small first, so that every worker soon has some, then up to MAX_BATCH), and each worker holds
 * up to IN_FLIGHT batches, so that it never waits for the next while the main thread is slow to answer.
 *
 * Decoding is asked of as few threads as keep up with it: a thread's first decodes run its codec code cold (a few
 * hundred milliseconds of compiling and slow first runs, per thread), which in a tree with a few per cent of marked
 * files is more than the decoding itself. So a first look at a batch decodes nothing (scanFile's `decode`), and the
 * files that may hold marks go to a thread that has decoded before, unless all those are busy.
 */
export const IN_FLIGHT = 4;
const MIN_BATCH = 16;
const MAX_BATCH = 64;
/** Files to decode that a decoding thread may have waiting before another thread starts decoding too. */
const DECODE_BACKLOG = 64;

/**
 * How many files go in the next batch, `sent` files having gone before; batches of files that are all decoded
 * (`decoding`: most hold marks) stay small, since a batch of costly files at the end keeps one worker busy alone.
 */
export const batchSize = (sent: number, decoding: boolean): number =>
  decoding ? MIN_BATCH : Math.min(MAX_BATCH, Math.max(MIN_BATCH, sent >> 3));

interface Slot {
  worker: Worker;
  pending: Map<number, { resolve: (outcomes: WorkerOutcome[]) => void; paths: string[]; decode: boolean }>;
  dead: boolean;
  /** it has decoded files */
  decodes: boolean;
}

/** Files waiting to be decoded on the slot's thread. */
const decodesPending = (slot: Slot): number =>
  [...slot.pending.values()].reduce((files, task) => files + (task.decode ? task.paths.length : 0), 0);

export class WorkerPool {
  private readonly slots: Slot[];
  private seq = 0;

  constructor(workerFile: string, threads: number, settings: ScanSettings) {
    this.slots = Array.from({ length: threads }, () => {
      const worker = new Worker(workerFile, { workerData: settings, execArgv: workerExecArgv() });
      const slot: Slot = { worker, pending: new Map(), dead: false, decodes: false };
      slot.worker.on('message', ({ seq, outcomes }: WorkerAnswer) => {
        slot.pending.get(seq)?.resolve(outcomes);
        slot.pending.delete(seq);
      });
      // a worker that dies takes its files with it: each is reported as unreadable, and the scan goes on
      slot.worker.on('error', (error) => this.fail(slot, error.message));
      slot.worker.on('exit', (code) => this.fail(slot, `worker thread ended (exit code ${code})`));
      return slot;
    });
  }

  /**
   * The outcomes of the files of `paths`, in the same order: `decode` false for a first look on the least busy
   * worker (files that may hold marks come back 'marked'), true to read them whole on a decoding one.
   */
  async scan(paths: string[], decode: boolean): Promise<ScanOutcome[]> {
    const alive = this.slots.filter((slot) => !slot.dead);
    if (alive.length === 0) return failed(paths, 'no worker thread left');
    const leastBusy = alive.reduce((best, next) => (next.pending.size < best.pending.size ? next : best));
    const decoders = alive.filter((slot) => slot.decodes).sort((a, b) => decodesPending(a) - decodesPending(b));
    // another thread starts decoding only when those that do fall behind
    const slot =
      decode && decoders.length > 0 && decodesPending(decoders[0]) < DECODE_BACKLOG ? decoders[0] : leastBusy;
    slot.decodes ||= decode;
    const seq = this.seq++;
    const outcomes = await new Promise<WorkerOutcome[]>((resolve) => {
      slot.pending.set(seq, { resolve, paths, decode });
      slot.worker.postMessage({ seq, paths, decode } satisfies WorkerTask);
    });
    return outcomes.map((outcome, k) =>
      typeof outcome === 'number' ? { type: 'clean', path: paths[k], bytes: outcome } : outcome,
    );
  }

  async close(): Promise<void> {
    for (const slot of this.slots) slot.dead = true;
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private fail(slot: Slot, message: string): void {
    slot.dead = true;
    for (const { resolve, paths } of slot.pending.values()) {
      resolve(paths.map((path) => ({ type: 'error', path, message })));
    }
    slot.pending.clear();
  }
}

/**
 * The Node flags a worker starts with: this process's, inherited (undefined), except when they hold --input-type,
 * which Node refuses for a worker's script file (a program run with `node --input-type=module -e …` that scans a
 * tree): then the others, listed. Listed flags are checked as a worker's own, and V8's (`--stack-size`,
 * `--trace-opt`) are refused there, although inherited they are the process's already.
 */
function workerExecArgv(): string[] | undefined {
  if (!process.execArgv.some((flag) => flag === '--input-type' || flag.startsWith('--input-type='))) return undefined;
  const flags: string[] = [];
  for (let k = 0; k < process.execArgv.length; k++) {
    const flag = process.execArgv[k];
    if (flag === '--input-type') k++;
    else if (!flag.startsWith('--input-type=')) flags.push(flag);
  }
  return flags;
}

const failed = (paths: string[], message: string): ScanOutcome[] =>
  paths.map((path) => ({ type: 'error', path, message }));
