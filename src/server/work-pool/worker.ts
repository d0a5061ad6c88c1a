import { move, transferableSymbol, valueSymbol } from 'piscina';
import { runJob, type JobInput, type JobName } from '../../domain/work/jobs.js';
import { sentFailure, type JobOutcome, type JobTask } from './outcome.js';
import { receiveTexts } from './sent-text.js';
import { runWritten } from './written-json.js';

/**
 * The script of `wm serve`'s worker threads (bundled as dist/bundle/wm-work-worker.cjs; piscina calls it once per
 * job). It loads the pure jobs only: the codec, the fingerprint, the copies' marking and reading; never the store,
 * Fastify or the domain's context. A long marked text crosses back as its JSON's bytes, moved (./written-json.ts).
 */
export default function work(task: JobTask): JobOutcome | ReturnType<typeof move> {
  const { input, read } = receiveTexts(task.input, task.texts);
  const { outcome, transfer } = outcomeOf(task.job, input);
  if (read.length === 0 && transfer.length === 0) return outcome;
  // piscina's Transferable: the value it sends, and what it moves rather than copies
  return move({ [transferableSymbol]: [...read, ...transfer], [valueSymbol]: { ...outcome, read } });
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
