import { runJob, type JobInput, type JobName, type JobResult } from './jobs.js';

/** Runs one job of a request and answers with its result, or throws what the job threw (a CodecError, …). */
export type RunJob = <N extends JobName>(name: N, input: JobInput<N>) => Promise<JobResult<N>>;

/**
 * Where the jobs of ./jobs.ts run: the domain says what to run, the runner where. Inline (this thread) for the
 * command line and `wm mcp`, where one person waits for one answer; a pool of worker threads for `wm serve`
 * (src/server/work-pool/), where a large request must not hold every other one up. A pooled runner may refuse or
 * stop a job: BUSY (every worker taken, the waiting line full) or WORK_LIMIT (past the request's time budget or a
 * worker's memory), both before anything is recorded or charged.
 */
export interface WorkRunner {
  /** The runner of one request's jobs: they share the request's time budget, counted from its first job. */
  forRequest(): RunJob;
  /** Stops the runner's threads, if any; jobs still running fail. */
  close(): Promise<void>;
}

/** Every job in this thread, as it comes: nothing is handed off, nothing can be stopped. */
export const inlineWork: WorkRunner = {
  forRequest:
    () =>
    async <N extends JobName>(name: N, input: JobInput<N>) =>
      runJob(name, input),
  close: async () => {},
};
