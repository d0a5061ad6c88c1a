import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FileOutcome } from './report-types.js';
import type { ScanSettings } from './scan-file.js';
import type { WorkerAnswer, WorkerTask } from './worker.js';

/**
 * The worker threads that read and decode files, one per core: each takes files one after another and answers
 * with their reports, so the main thread only walks the tree and prints. Each worker holds at most IN_FLIGHT files
 * at a time: a large file keeps its worker busy while the other workers go on with the rest.
 */
export const IN_FLIGHT = Number(process.env.INFL ?? 2);

/** The worker script beside the CLI's bundle (scripts/build-cli.mjs makes both). */
export const bundledWorkerFile = (): string => fileURLToPath(new URL('./wm-scan-worker.cjs', import.meta.url));

interface Slot {
  worker: Worker;
  pending: Map<number, { resolve: (outcome: FileOutcome) => void; path: string }>;
  dead: boolean;
}

export class WorkerPool {
  private readonly slots: Slot[];
  private seq = 0;

  constructor(workerFile: string, threads: number, settings: ScanSettings) {
    this.slots = Array.from({ length: threads }, () => {
      const slot: Slot = { worker: new Worker(workerFile, { workerData: settings }), pending: new Map(), dead: false };
      slot.worker.on('message', ({ seq, outcome }: WorkerAnswer) => {
        slot.pending.get(seq)?.resolve(outcome);
        slot.pending.delete(seq);
      });
      // a worker that dies takes its files with it: each is reported as unreadable, and the scan goes on
      slot.worker.on('error', (error) => this.fail(slot, error.message));
      slot.worker.on('exit', (code) => this.fail(slot, `worker thread ended (exit code ${code})`));
      return slot;
    });
  }

  /** Room for another file on some worker. */
  get hasRoom(): boolean {
    return this.slots.some((slot) => slot.dead || slot.pending.size < IN_FLIGHT);
  }

  /** Reads `path` on the least busy worker. */
  scan(path: string): Promise<FileOutcome> {
    const alive = this.slots.filter((slot) => !slot.dead);
    if (alive.length === 0) return Promise.resolve({ type: 'error', path, message: 'no worker thread left' });
    const slot = alive.reduce((best, next) => (next.pending.size < best.pending.size ? next : best));
    const seq = this.seq++;
    return new Promise((resolve) => {
      slot.pending.set(seq, { resolve, path });
      slot.worker.postMessage({ seq, path } satisfies WorkerTask);
    });
  }

  async close(): Promise<void> {
    for (const slot of this.slots) slot.dead = true;
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }

  private fail(slot: Slot, message: string): void {
    slot.dead = true;
    for (const { resolve, path } of slot.pending.values()) resolve({ type: 'error', path, message });
    slot.pending.clear();
  }
}
