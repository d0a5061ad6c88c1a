import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FileOutcome } from './report-types.js';
import type { ScanSettings } from './scan-file.js';
import type { WorkerAnswer, WorkerTask } from './worker.js';

/**
 * The worker threads that read and decode files, one per core: each takes batches of files one after another and
 * answers with their reports, so the main thread only walks the tree and prints. A message costs tens of
 * microseconds each way, as much as reading a small file: files go in batches of up to BATCH, and each worker holds
 * at most IN_FLIGHT batches, so that it never waits for the next while a large file keeps another worker busy.
 */
export const IN_FLIGHT = 2;
export const BATCH = 16;

/** The worker script beside the CLI's bundle (scripts/build-cli.mjs makes both). */
export const bundledWorkerFile = (): string => fileURLToPath(new URL('./wm-scan-worker.cjs', import.meta.url));

interface Slot {
  worker: Worker;
  pending: Map<number, { resolve: (outcomes: FileOutcome[]) => void; paths: string[] }>;
  dead: boolean;
}

export class WorkerPool {
  private readonly slots: Slot[];
  private seq = 0;

  constructor(workerFile: string, threads: number, settings: ScanSettings) {
    this.slots = Array.from({ length: threads }, () => {
      const slot: Slot = { worker: new Worker(workerFile, { workerData: settings }), pending: new Map(), dead: false };
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

  /** Reads the files of `paths` on the least busy worker; their reports in the same order. */
  scan(paths: string[]): Promise<FileOutcome[]> {
    const alive = this.slots.filter((slot) => !slot.dead);
    if (alive.length === 0) return Promise.resolve(failed(paths, 'no worker thread left'));
    const slot = alive.reduce((best, next) => (next.pending.size < best.pending.size ? next : best));
    const seq = this.seq++;
    return new Promise((resolve) => {
      slot.pending.set(seq, { resolve, paths });
      slot.worker.postMessage({ seq, paths } satisfies WorkerTask);
    });
  }

  async close(): Promise<void> {
    for (const slot of this.slots) slot.dead = true;
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private fail(slot: Slot, message: string): void {
    slot.dead = true;
    for (const { resolve, paths } of slot.pending.values()) resolve(failed(paths, message));
    slot.pending.clear();
  }
}

const failed = (paths: string[], message: string): FileOutcome[] =>
  paths.map((path) => ({ type: 'error', path, message }));
