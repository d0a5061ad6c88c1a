import { DomainError } from './errors.js';

/**
 * The bound on password hashing in one process. A scrypt hash at the production cost holds 128 MiB and one of
 * libuv's four threads for a good part of a second (docs/SECURITY.md), so unbounded, a burst of password requests
 * takes every thread and hundreds of megabytes while everyone's sign-in waits behind it. At most `concurrency`
 * requests hash at once; at most `queueLength` more wait, and anything beyond is refused at once (BUSY, with a time
 * to retry) instead of piling up.
 *
 * The waiting line is not first come, first served: the waiter with the highest priority goes first (the
 * oldest among equals), and when the line is full a newcomer of higher priority takes the place of the lowest
 * waiter, which is refused instead. Callers give as priority how much of its attempt allowance the client had
 * left, so a client that has just arrived goes ahead of one that is spending its whole allowance.
 */
export interface HashGate {
  /** Runs `work` (the whole password work of one request) once a slot is free. */
  run<T>(priority: number, work: () => Promise<T>): Promise<T>;
  /** requests hashing now and waiting now */
  load(): { running: number; waiting: number };
}

export interface HashGateOptions {
  concurrency: number;
  queueLength: number;
  now?: () => number;
}

interface Waiter {
  priority: number;
  arrival: number;
  start: () => void;
  refuse: (error: DomainError) => void;
}

/** What one request's hashing is assumed to take before anything has been measured (production cost). */
const INITIAL_WORK_MS = 500;

export function createHashGate(options: HashGateOptions): HashGate {
  const now = options.now ?? Date.now;
  let running = 0;
  let arrivals = 0;
  const line: Waiter[] = [];
  // a moving average of how long one request's work takes, for Retry-After
  let workMs = INITIAL_WORK_MS;

  const busy = () => {
    const rounds = Math.ceil((line.length + 1) / options.concurrency);
    const seconds = Math.max(1, Math.ceil((rounds * workMs) / 1000));
    return new DomainError('BUSY', `The server is busy checking passwords; retry in ${seconds} s`, {
      retryAt: new Date(now() + seconds * 1000),
    });
  };

  // served first: higher priority, then earlier arrival
  const ahead = (a: Waiter, b: Waiter) =>
    a.priority > b.priority || (a.priority === b.priority && a.arrival < b.arrival);

  const lowestWaiter = (): number => {
    let lowest = -1;
    line.forEach((waiter, index) => {
      if (lowest < 0 || ahead(line[lowest], waiter)) lowest = index;
    });
    return lowest;
  };

  const nextWaiter = (): Waiter | undefined => {
    let best = -1;
    line.forEach((waiter, index) => {
      if (best < 0 || ahead(waiter, line[best])) best = index;
    });
    return best < 0 ? undefined : line.splice(best, 1)[0];
  };

  const release = () => {
    running--;
    const next = nextWaiter();
    if (next) {
      running++;
      next.start();
    }
  };

  const execute = async <T>(work: () => Promise<T>): Promise<T> => {
    const started = now();
    try {
      return await work();
    } finally {
      workMs = 0.8 * workMs + 0.2 * Math.max(1, now() - started);
      release();
    }
  };

  return {
    run<T>(priority: number, work: () => Promise<T>): Promise<T> {
      if (running < options.concurrency) {
        running++;
        return execute(work);
      }
      if (line.length >= options.queueLength) {
        const lowest = lowestWaiter();
        if (lowest < 0 || line[lowest].priority >= priority) return Promise.reject(busy());
        const [bumped] = line.splice(lowest, 1);
        bumped.refuse(busy());
      }
      return new Promise<T>((resolve, reject) => {
        line.push({
          priority,
          arrival: arrivals++,
          start: () => void execute(work).then(resolve, reject),
          refuse: reject,
        });
      });
    },
    load: () => ({ running, waiting: line.length }),
  };
}
