import fc from 'fast-check';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createThreads, HELD_WEIGHT } from '../../src/server/work-pool/threads.js';
import { INLINE_BELOW } from '../../src/server/work-pool/inline-threshold.js';

// The worker threads of the pool (src/server/work-pool/threads.ts) hand a thread its next short jobs while it runs
// one, and match each answer to its job by order. Whatever the mix of short and long jobs, budgets that run out at
// any moment (in the line, in a thread's port, running) and jobs that end their thread: a job gets its own answer,
// or a refusal, never another job's answer; and every job that was neither stopped nor ended its thread is answered.

const TEST_WORKER = fileURLToPath(new URL('../fixtures/test-worker.cjs', import.meta.url));
/** Copies of a short text that weigh more than a thread may hold: such a job only goes to a thread holding nothing. */
const LONG = Array.from({ length: INLINE_BELOW['mark-copies'] * (HELD_WEIGHT + 1) }, (_, i) => `copy-${i}`);

/** 50 in `npm test`; `npm run test:threads` tries 2,000 */
const RUNS = Number(process.env.WM_THREADS_RUNS ?? 50);
const KEY = Buffer.alloc(32);

const job = fc.record({
  kind: fc.constantFrom('quick', 'slow', 'crash'),
  ms: fc.integer({ min: 1, max: 15 }),
  long: fc.boolean(),
  /** when its budget runs out, if it has one (ms after it is handed over) */
  budgetMs: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
  /** ms after the previous job that it is handed over */
  gapMs: fc.integer({ min: 0, max: 5 }),
});

describe('the work pool’s threads', () => {
  it('give each job its own answer or a refusal, and answer every job that was not stopped', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 }),
        fc.array(job, { minLength: 1, maxLength: 12 }),
        async (count, jobs) => {
          const threads = createThreads({ file: TEST_WORKER, count, memoryMb: 64 });
          try {
            const settled = [];
            for (const [i, { kind, ms, long, budgetMs, gapMs }] of jobs.entries()) {
              await sleep(gapMs);
              const text = `${kind} ${ms} #${i}`;
              const budget = new AbortController();
              if (budgetMs !== undefined) setTimeout(() => budget.abort(new Error(`budget #${i}`)), budgetMs);
              const run = long
                ? threads.run('mark-copies', { text, copyIds: LONG, key: KEY }, budget.signal)
                : threads.run('strip', { text }, budget.signal);
              settled.push(
                run.then(
                  (outcome) => ({ answered: outcome, text }),
                  (error: Error) => ({ refused: error.message }),
                ),
              );
            }
            const results = await Promise.all(settled);
            for (const [i, result] of results.entries()) {
              const { kind, budgetMs } = jobs[i];
              if ('answered' in result) {
                expect(kind).not.toBe('crash');
                expect(result.answered).toMatchObject({ ok: true, value: { text: result.text } });
              } else if (kind !== 'crash') {
                expect(budgetMs, `job #${i} refused with "${result.refused}"`).not.toBeUndefined();
                expect(result.refused).toBe(`budget #${i}`);
              }
            }
            // the threads are whole again, and answer
            const next = await threads.run('strip', { text: 'quick after' }, new AbortController().signal);
            expect(next).toEqual({ ok: true, value: { text: 'quick after' } });
            expect(threads.state().threadIds.length).toBeLessThanOrEqual(count);
          } finally {
            await threads.close();
          }
        },
      ),
      { numRuns: RUNS },
    );
  }, 600_000);
});
