import { Worker } from 'node:worker_threads';
import { JOB_UNITS, type JobInput, type JobName } from '../../domain/work/jobs.js';
import type { JobOutcome, JobTask } from './outcome.js';
import { INLINE_BELOW } from './inline-threshold.js';
import { sendTexts } from './sent-text.js';

/**
 * How much a thread may hold, the job it runs included, and still be handed another: in jobs' worth of the most the
 * event loop may run itself (INLINE_BELOW: at most about a millisecond each, on the worst input known), so that a
 * job waits at most about this many milliseconds behind others. A thread handed its next job while it runs one
 * finds it waiting in its port, instead of sleeping until the event loop, woken by the answer, hands one over: on
 * two cores those wake-ups cost about as much as a 64 KB encode itself (docs/PERFORMANCE.md, "Holding the next
 * job"). A larger job only goes to a thread that holds nothing, so none waits behind a long one.
 */
export const HELD_WEIGHT = 128;

const weightOf = <N extends JobName>(name: N, input: JobInput<N>) => JOB_UNITS[name](input) / INLINE_BELOW[name];

interface Job {
  name: JobName;
  input: JobInput<JobName>;
  weight: number;
  signal: AbortSignal;
  resolve(outcome: JobOutcome): void;
  reject(error: Error): void;
  /** its caller no longer waits (its budget ran out while it waited in a thread's port): its answer is dropped */
  dropped?: boolean;
}

interface Thread {
  worker: Worker;
  /** the jobs handed over and not answered yet, in order: a worker answers in the order it was sent (./worker.ts) */
  held: Job[];
  /** it has answered a job: its script loads, so it is replaced at once if it ends */
  answered: boolean;
  /** why it is ending (a crash, its memory): it is handed nothing more, and its jobs settle once it has exited */
  failure?: Error;
}

export interface ThreadsOptions {
  /** the worker script: each message a task (JobTask), answered with one message (JobOutcome) in order */
  file: string;
  count: number;
  /** a worker's heap (V8's old generation) at most */
  memoryMb: number;
}

/**
 * `count` worker threads of `file` and the jobs waiting for them. A job whose signal aborts is refused with the
 * signal's reason: taken out of the line if it waits there; its worker ended if it is running (the worker is
 * replaced, and the jobs it held behind it go back to the head of the line: jobs are pure, so running one again is
 * safe); dropped if it waits in a worker's port (it costs that worker at most HELD_WEIGHT of work).
 */
export function createThreads(options: ThreadsOptions) {
  const threads: Thread[] = [];
  const waiting: Job[] = [];
  let replaced = 0;
  let closing = false;

  function start(): Thread {
    const worker = new Worker(options.file, { resourceLimits: { maxOldGenerationSizeMb: options.memoryMb } });
    const thread: Thread = { worker, held: [], answered: false };
    worker.on('message', (outcome: JobOutcome) => answered(thread, outcome));
    // the answers it sent before failing may arrive after the failure: they are all in by 'exit'
    worker.on('error', (error) => (thread.failure = error));
    worker.on('exit', (code) => end(thread, thread.failure ?? new Error(`a worker thread exited (code ${code})`)));
    worker.unref();
    threads.push(thread);
    return thread;
  }

  function answered(thread: Thread, outcome: JobOutcome) {
    if (!threads.includes(thread)) return; // ended by a budget: its jobs are settled or waiting again
    const job = thread.held.shift()!;
    thread.answered = true;
    if (thread.held.length === 0) thread.worker.unref();
    if (!job.dropped) job.resolve(outcome);
    handOut();
  }

  function hand(thread: Thread, job: Job) {
    const sent = sendTexts(job.input);
    const task: JobTask = { job: job.name, input: sent.input, texts: sent.texts };
    if (thread.held.length === 0) thread.worker.ref();
    thread.held.push(job);
    thread.worker.postMessage(task, sent.transfer);
  }

  /** The thread the next job goes to: one that holds nothing, else one with room for it, holding the least. */
  function threadFor(job: Job): Thread | undefined {
    const working = threads.filter((thread) => !thread.failure);
    const idle = working.find((thread) => thread.held.length === 0);
    if (idle) return idle;
    if (threads.length < options.count) return start();
    let best: { thread: Thread; weight: number } | undefined;
    for (const thread of working) {
      const weight = thread.held.reduce((sum, held) => sum + held.weight, job.weight);
      if (weight <= HELD_WEIGHT && (!best || weight < best.weight)) best = { thread, weight };
    }
    return best?.thread;
  }

  function handOut() {
    while (waiting.length > 0 && !closing) {
      const thread = threadFor(waiting[0]);
      if (!thread) return;
      hand(thread, waiting.shift()!);
    }
  }

  /**
   * A worker ended (its job's budget, its memory, a crash): its running job fails, the others wait again. One whose
   * script may not load (it never answered, and was not ended by us) is started again only when a job needs it.
   */
  function end(thread: Thread, error: Error, restart = thread.answered) {
    const at = threads.indexOf(thread);
    if (at === -1) return;
    threads.splice(at, 1);
    void thread.worker.terminate();
    if (closing) return;
    const [running, ...behind] = thread.held;
    if (running) replaced++;
    if (running && !running.dropped) running.reject(error);
    waiting.unshift(...behind.filter((job) => !job.dropped));
    if (restart) start();
    handOut();
  }

  function aborted(job: Job) {
    const at = waiting.indexOf(job);
    if (at !== -1) {
      waiting.splice(at, 1);
      job.reject(job.signal.reason as Error);
      return;
    }
    const thread = threads.find((candidate) => candidate.held.includes(job));
    if (!thread) return;
    if (thread.held[0] === job) return end(thread, job.signal.reason as Error, true);
    job.dropped = true;
    job.reject(job.signal.reason as Error);
  }

  for (let i = 0; i < options.count; i++) start();

  return {
    run<N extends JobName>(name: N, input: JobInput<N>, signal: AbortSignal): Promise<JobOutcome> {
      if (closing) return Promise.reject(new Error('the work pool is closed'));
      return new Promise<JobOutcome>((resolve, reject) => {
        const job: Job = {
          name,
          input,
          weight: weightOf(name, input),
          signal,
          resolve: (outcome) => {
            signal.removeEventListener('abort', onAbort);
            resolve(outcome);
          },
          reject: (error) => {
            signal.removeEventListener('abort', onAbort);
            reject(error);
          },
        };
        const onAbort = () => aborted(job);
        signal.addEventListener('abort', onAbort, { once: true });
        waiting.push(job);
        handOut();
      });
    },
    state: () => ({ threadIds: threads.map((thread) => thread.worker.threadId), replaced }),
    async close() {
      closing = true;
      const ending = threads.splice(0);
      const closed = new Error('the work pool is closed');
      for (const job of [...waiting.splice(0), ...ending.flatMap((thread) => thread.held)]) {
        if (!job.dropped) job.reject(closed);
      }
      await Promise.all(ending.map((thread) => thread.worker.terminate()));
    },
  };
}
