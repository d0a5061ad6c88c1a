import { DomainError } from '../errors.js';

/** The refusals of a pooled runner, worded once: the server's answers and the CLI's lines come from these. */

const NOTHING_CHARGED = 'nothing was recorded or charged';

/** Every worker is busy and the waiting line is full: retry after `retryAt`. */
export function workBusy(retryAt: Date, now: Date): DomainError {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  return new DomainError('BUSY', `The server is busy with other large requests; retry in ${seconds} s`, { retryAt });
}

/** The request's work ran past its time budget and was stopped. */
export function workTimedOut(budgetSeconds: number): DomainError {
  return new DomainError(
    'WORK_LIMIT',
    `This request's work did not finish within the server's ${budgetSeconds} s budget and was stopped ` +
      `(${NOTHING_CHARGED}): send a shorter text, or fewer recipients`,
    { details: { budget: `${budgetSeconds} s` } },
  );
}

/** The request's work needed more memory than a worker may hold, and was stopped. */
export function workOutOfMemory(memoryMb: number): DomainError {
  return new DomainError(
    'WORK_LIMIT',
    `This request's work needed more than the ${memoryMb} MB of memory a worker may use and was stopped ` +
      `(${NOTHING_CHARGED}): send a shorter text, or fewer recipients`,
    { details: { memory: `${memoryMb} MB` } },
  );
}
