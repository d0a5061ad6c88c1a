import { parentPort } from 'node:worker_threads';
import { runJob, type JobInput, type JobName } from '../../domain/work/jobs.js';
import { sentFailure, type JobOutcome, type JobTask } from './outcome.js';
import { receiveTexts } from './sent-text.js';
import { runWritten } from './written-json.js';

/**
 * The script of `wm serve`'s worker threads (bundled as dist/bundle/wm-work-worker.cjs): each message is one job,
 * answered with one message, in the order they came (./threads.ts counts on it). It loads the pure jobs only: the
 * codec, the fingerprint, the copies' marking and reading; never the store, Fastify or the domain's context. A long
 * marked text crosses back as its JSON's bytes, moved (./written-json.ts).
 */
export default function work(task: JobTask): { outcome: JobOutcome; transfer: ArrayBuffer[] } {
  const { input, read } = receiveTexts(task.input, task.texts);
  const { outcome, transfer } = outcomeOf(task.job, input);
  return { outcome: read.length > 0 ? { ...outcome, read } : outcome, transfer: [...read, ...transfer] };
}

function outcomeOf(job: JobName, input: JobInput<JobName>): { outcome: JobOutcome; transfer: ArrayBuffer[] } {
  try {
    const written = runWritten(job, input);
    if (!written) return { outcome: { ok: true, value: runJob(job, input) }, transfer: [] };
    return { outcome: { ok: true, value: written.value, written: written.written }, transfer: written.transfer };
  } catch (error) {
    return { outcome: { ok: false, failure: sentFailure(error) }, transfer: [] };
  }
}

// in a worker thread (not when a process requires the script to loop on a job itself: bench/job-loop.cjs)
parentPort?.on('message', (task: JobTask) => {
  const { outcome, transfer } = work(task);
  parentPort!.postMessage(outcome, transfer);
});
