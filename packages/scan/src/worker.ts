import { parentPort, workerData } from 'node:worker_threads';
import type { ScanOutcome } from './report-types.js';
import { scanFile, type ScanSettings } from './scan-file.js';

/**
 * A worker thread of `wm scan` (bundled as dist/bundle/wm-scan-worker.cjs): reads the files it is sent, one at a
 * time, and answers each batch with their outcomes. Several run side by side, one per core (pool.ts).
 */
export interface WorkerTask {
  seq: number;
  /** a batch of files: one message each way per batch, not per file */
  paths: string[];
  /** decode the files that may hold marks (else answer them 'marked': see scanFile) */
  decode: boolean;
}

/** Per file of the task, in order: its outcome, or the number of bytes of a clean file (its path is the task's). */
export type WorkerOutcome = Exclude<ScanOutcome, { type: 'clean' }> | number;

export interface WorkerAnswer {
  seq: number;
  outcomes: WorkerOutcome[];
}

const settings = workerData as ScanSettings;
parentPort!.on('message', (task: WorkerTask) => {
  void (async () => {
    const outcomes: WorkerOutcome[] = [];
    for (const path of task.paths) {
      const outcome = await scanFile(path, settings, task.decode);
      outcomes.push(outcome.type === 'clean' ? outcome.bytes : outcome);
    }
    parentPort!.postMessage({ seq: task.seq, outcomes } satisfies WorkerAnswer);
  })();
});
