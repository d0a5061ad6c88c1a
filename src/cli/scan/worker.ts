import { parentPort, workerData } from 'node:worker_threads';
import { scanFile, type ScanSettings } from './scan-file.js';

/**
 * A worker thread of `wm scan` (bundled as dist/bundle/wm-scan-worker.cjs): reads and decodes the files it is sent,
 * one at a time, and answers each with its report. Several run side by side, one per core (pool.ts).
 */
export interface WorkerTask {
  seq: number;
  /** a batch of files: one message each way per batch, not per file */
  paths: string[];
}

export interface WorkerAnswer {
  seq: number;
  outcomes: Awaited<ReturnType<typeof scanFile>>[];
}

const settings = workerData as ScanSettings;
parentPort!.on('message', (task: WorkerTask) => {
  void (async () => {
    const outcomes = [];
    for (const path of task.paths) outcomes.push(await scanFile(path, settings));
    parentPort!.postMessage({ seq: task.seq, outcomes } satisfies WorkerAnswer);
  })();
});
