import { move, transferableSymbol, valueSymbol } from 'piscina';
import { runJob } from '../../domain/work/jobs.js';
import { sentFailure, type JobOutcome, type JobTask } from './outcome.js';
import { runWritten } from './written-json.js';

/**
 * The script of `wm serve`'s worker threads (bundled as dist/bundle/wm-work-worker.cjs; piscina calls it once per
 * job). It loads the pure jobs only: the codec, the fingerprint, the copies' marking and reading; never the store,
 * Fastify or the domain's context. A long marked text crosses back as its JSON's bytes, moved (./written-json.ts).
 */
export default function work(task: JobTask): JobOutcome | ReturnType<typeof move> {
  try {
    const written = runWritten(task.job, task.input);
    if (!written) return { ok: true, value: runJob(task.job, task.input) };
    const outcome: JobOutcome = { ok: true, value: written.value, written: written.written };
    // piscina's Transferable: the value it sends, and what it moves rather than copies
    return move({ [transferableSymbol]: written.transfer, [valueSymbol]: outcome });
  } catch (error) {
    return { ok: false, failure: sentFailure(error) };
  }
}
