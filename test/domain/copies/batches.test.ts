import { afterEach, describe, expect, it } from 'vitest';
import { strip } from 'wm-watermark-codec/strip';
import { BATCH_UNITS, inBatches } from '../../../src/domain/copies/batches.js';
import { runJob, type JobInput, type JobName } from '../../../src/domain/work/jobs.js';
import type { WorkRunner } from '../../../src/domain/work/runner.js';
import { makeFixture, makeUser, type Fixture } from '../fixture.js';
import { MEMO } from './texts.js';

describe('copies marked in batches', () => {
  it('runs every id once, in order, in runs of at most the batch, and once when there is none', async () => {
    const ids = Array.from({ length: 10 }, (_, i) => `id-${i}`);
    const runs: string[][] = [];
    const record = async (run: string[]) => (runs.push(run), run.length);
    expect(await inBatches(ids, BATCH_UNITS / 4, record)).toEqual([4, 4, 2]);
    expect(runs.flat()).toEqual(ids);
    expect(await inBatches(ids, 3 * BATCH_UNITS, record)).toHaveLength(10);
    expect(await inBatches([], 10, record)).toEqual([0]);
  });

  let f: Fixture | undefined;
  afterEach(() => f?.close());

  it('an issue of many copies of a long text hands its marking over in jobs that each stay small', async () => {
    const jobs: { copies: number; units: number }[] = [];
    const recording: WorkRunner = {
      forRequest:
        () =>
        async <N extends JobName>(name: N, input: JobInput<N>) => {
          if (name === 'mark-copies') {
            const { text, copyIds } = input as JobInput<'mark-copies'>;
            jobs.push({ copies: copyIds.length, units: text.length * copyIds.length });
          }
          return runJob(name, input);
        },
      close: async () => {},
    };
    f = await makeFixture({ freeCredits: 100, creditCost: 1 }, { work: recording });
    const user = await makeUser(f.domain, { verified: true, plan: 'pro' });
    const channel = await f.domain.channels.create(user.id, 'memos');
    const { token } = await f.domain.apiTokens.create(user.id, {
      name: 'copies',
      permissions: ['encode', 'decode'],
      signing_channel_id: channel.id,
    });
    const text = Array.from({ length: 40 }, () => MEMO).join('\n\n');
    const recipients = Array.from({ length: 12 }, (_, i) => `r${i}@example.com`);
    const issued = await f.domain.accountOperations.forCaller(token)('issue_copies', { text, recipients });

    const perJob = Math.floor(BATCH_UNITS / text.length);
    expect(perJob).toBeGreaterThan(0);
    expect(perJob).toBeLessThan(recipients.length);
    expect(jobs.map((job) => job.copies)).toEqual(
      Array.from({ length: Math.ceil(recipients.length / perJob) }, (_, i) =>
        Math.min(perJob, recipients.length - i * perJob),
      ),
    );
    expect(Math.max(...jobs.map((job) => job.units))).toBeLessThanOrEqual(BATCH_UNITS);
    expect(issued.copies.map((copy) => copy.recipient)).toEqual(recipients);
    for (const copy of issued.copies) expect(strip(copy.text)).toBe(text);
    expect(new Set(issued.copies.map((copy) => copy.text)).size).toBe(recipients.length);
  });
});
