import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/index.js';
import { createHashGate } from '../../src/domain/hash-gate.js';

/** A piece of work that runs until the test lets it finish, recording that it started. */
function heldWork(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: async () => (started.push(name), await done, name), finish };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

async function busyRefusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe('hash gate', () => {
  it('runs at most `concurrency` at once; the others wait and start as slots free up', async () => {
    const gate = createHashGate({ concurrency: 2, queueLength: 10 });
    const started: string[] = [];
    const works = ['a', 'b', 'c', 'd'].map((name) => heldWork(started, name));
    const results = works.map((held) => gate.run(0.5, held.work));
    await flush();
    expect(started).toEqual(['a', 'b']);
    expect(gate.load()).toEqual({ running: 2, waiting: 2 });
    works[1].finish();
    await flush();
    expect(started).toEqual(['a', 'b', 'c']);
    for (const held of works) held.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once with BUSY and a time to retry when the line is full, running nothing', async () => {
    const now = 1_000_000;
    const gate = createHashGate({ concurrency: 1, queueLength: 1, now: () => now });
    const started: string[] = [];
    const first = heldWork(started, 'first');
    const second = heldWork(started, 'second');
    const running = gate.run(1, first.work);
    const waiting = gate.run(1, second.work);
    const refused = await busyRefusal(gate.run(1, heldWork(started, 'third').work));
    expect(refused.code).toBe('BUSY');
    expect(refused.message).toMatch(/busy checking passwords; retry in \d+ s/);
    expect(refused.retryAt!.getTime()).toBeGreaterThan(now);
    first.finish();
    second.finish();
    await Promise.all([running, waiting]);
    expect(started).toEqual(['first', 'second']);
  });

  it('serves the waiter with the most allowance left first, the oldest among equals', async () => {
    const gate = createHashGate({ concurrency: 1, queueLength: 10 });
    const started: string[] = [];
    const blocker = heldWork(started, 'blocker');
    const runs = [gate.run(1, blocker.work)];
    const waiters = [
      ['spent', 0],
      ['half', 0.5],
      ['fresh', 0.9],
      ['half-later', 0.5],
    ] as const;
    const held = waiters.map(([name, priority]) => {
      const work = heldWork(started, name);
      runs.push(gate.run(priority, work.work));
      return work;
    });
    blocker.finish();
    for (const work of held) {
      await flush();
      work.finish();
    }
    await Promise.all(runs);
    expect(started).toEqual(['blocker', 'fresh', 'half', 'half-later', 'spent']);
  });

  it('lets a newcomer of higher priority take the place of the lowest waiter when the line is full', async () => {
    const gate = createHashGate({ concurrency: 1, queueLength: 2 });
    const started: string[] = [];
    const blocker = heldWork(started, 'blocker');
    const running = gate.run(1, blocker.work);
    const low = gate.run(0.1, heldWork(started, 'low').work);
    const middle = heldWork(started, 'middle');
    const keptMiddle = gate.run(0.5, middle.work);
    // equal to the lowest waiter: no place for it
    expect((await busyRefusal(gate.run(0.1, heldWork(started, 'equal').work))).code).toBe('BUSY');
    const high = heldWork(started, 'high');
    const keptHigh = gate.run(0.9, high.work);
    expect((await busyRefusal(low)).code).toBe('BUSY');
    expect(gate.load()).toEqual({ running: 1, waiting: 2 });
    blocker.finish();
    high.finish();
    middle.finish();
    await Promise.all([running, keptHigh, keptMiddle]);
    expect(started).toEqual(['blocker', 'high', 'middle']);
  });

  it('frees the slot of a work that fails', async () => {
    const gate = createHashGate({ concurrency: 1, queueLength: 0 });
    await expect(gate.run(1, async () => Promise.reject(new Error('scrypt failed')))).rejects.toThrow('scrypt failed');
    expect(await gate.run(1, async () => 'next')).toBe('next');
  });
});
