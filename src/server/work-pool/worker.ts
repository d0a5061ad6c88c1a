import { runJob } from '../../domain/work/jobs.js';
import { sentFailure, type JobOutcome, type JobTask } from './outcome.js';

/**
 * The script of `wm serve`'s worker threads (bundled as dist/bundle/wm-work-worker.cjs; piscina calls it once per
 * job). It loads the pure jobs only: the codec, the fingerprint, the copies' marking and reading; never the store,
 * Fastify or the domain's context.
 */
export default function work(task: JobTask): JobOutcome {
  try {
    return { ok: true, value: runJob(task.job, task.input) };
  } catch (error) {
    return { ok: false, failure: sentFailure(error) };
  }
}
