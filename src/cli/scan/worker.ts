import { parentPort, workerData } from 'node:worker_threads';
import { scanFile, type ScanSettings } from './scan-file.js';

/**
 * A worker thread of `wm scan` (bundled as dist/bundle/wm-scan-worker.cjs): reads and decodes the files it is sent,
 * one at a time, and answers each with its report. Several run side by side, one per core (pool.ts).
 */
export interface WorkerTask {
  seq: number;
  path: string;
}

export interface WorkerAnswer {
  seq: number;
  outcome: Awaited<ReturnType<typeof scanFile>>;
}

const settings = workerData as ScanSettings;
parentPort!.on('message', (task: WorkerTask) => {
  void scanFile(task.path, settings).then((outcome) => parentPort!.postMessage({ seq: task.seq, outcome }));
});
