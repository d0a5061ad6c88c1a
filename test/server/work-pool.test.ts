import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { decode } from 'wm-watermark-codec/decode';
import { encode } from 'wm-watermark-codec/encode';
import { CodecError } from 'wm-watermark-codec/errors';
import { decodeRobust, encodeRobust } from 'wm-watermark-codec/robust';
import { DomainError } from '../../src/domain/errors.js';
import { fingerprintKey } from '../../src/domain/fingerprint/index.js';
import { JOB_NAMES, runJob, type JobInput, type JobName, type JobResult } from '../../src/domain/work/jobs.js';
import { jsonStream } from '../../src/server/json-stream.js';
import { createWorkPool, workerScript, type WorkPool, type WorkPoolOptions } from '../../src/server/work-pool/index.js';
import { holdsWrittenJson, receiveWritten, writtenJsonOf } from '../../src/server/work-pool/written-json.js';
import { MEMO } from '../domain/copies/texts.js';
import { bearer, createApiToken, makeServer, signUp } from './harness.js';

// The worker pool of wm serve (src/server/work-pool/): the same answers as in this thread, and its limits — a
// budget that ends the worker, a memory bound, a waiting line that refuses — each followed by a working pool.

let pool: WorkPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

/** A pool of its own; every job handed over (nothing inline) unless the test says otherwise. */
function poolOf(options: Partial<WorkPoolOptions> = {}): WorkPool {
  pool = createWorkPool({
    workerFile: workerScript(),
    threads: 1,
    queue: 4,
    budgetSeconds: 60,
    memoryMb: 256,
    inlineBelow: Object.fromEntries(JOB_NAMES.map((name) => [name, 0])),
    ...options,
  });
  return pool;
}

const key = randomBytes(32);
const marked = encode(MEMO, 'ID-42').encoded;
const robust = encodeRobust(MEMO, 'ID-42').watermarked;

const MEMO_PLAN = runJob('plan-variants', { text: MEMO, recipients: 20, request: {} });
const VARIANT_COPIES = ['copy-eeeeeee', 'copy-fffffff'];
const MEMO_ISSUE = runJob('mark-variant-copies', {
  plan: MEMO_PLAN,
  variantKey: key,
  copyIds: VARIANT_COPIES,
  marksKey: key,
});

/** One input of every job; the keyed ones made with fixed keys, so both runs open the same marks. */
const SAMPLES: { [N in JobName]: JobInput<N> } = {
  encode: { text: MEMO, secret: 'ID-42', options: {} },
  'encode-robust': { text: MEMO, secret: 'ID-42', options: {} },
  decode: { text: marked, options: {} },
  'decode-robust': { text: robust, options: {} },
  analyze: { encoded: marked, original: MEMO },
  strip: { text: marked },
  reveal: { text: marked, maxHidden: 100 },
  'mark-copies': { text: MEMO, copyIds: ['copy-aaaaaaa', 'copy-bbbbbbb'], key },
  'read-copy-marks': { text: runJob('mark-copies', { text: MEMO, copyIds: ['copy-ccccccc'], key })[0].text, key },
  fingerprint: { text: MEMO, key: fingerprintKey(randomBytes(32)) },
  'plan-variants': { text: MEMO, recipients: 20, request: {} },
  'mark-variant-copies': { plan: MEMO_PLAN, variantKey: key, copyIds: VARIANT_COPIES, marksKey: key },
  'draw-variants': { plan: MEMO_PLAN, variantKey: key, copyIds: VARIANT_COPIES },
  'accuse-variants': {
    text: MEMO_ISSUE.copies[0].text,
    documents: [
      {
        documentId: 1,
        record: MEMO_ISSUE.record,
        variantKey: key,
        copyIds: VARIANT_COPIES,
        marked: [VARIANT_COPIES[0]],
      },
    ],
  },
};

/**
 * What a job's answer says, without what the random nonces of keyed marks change: a marked copy is the marks written
 * and the copy ids its frames name (how many robust copies agree depends on the nonce).
 */
function meaningOf(name: JobName, result: unknown): unknown {
  const marked = (copies: { text: string; marks: unknown }[]) =>
    copies.map((copy) => ({
      marks: copy.marks,
      read: runJob('read-copy-marks', { text: copy.text, key }).map((found) => ({
        copyId: found.copyId,
        vsFrames: found.vsFrames,
        robust: found.robust.length,
      })),
    }));
  if (name === 'mark-copies') return marked(result as JobResult<'mark-copies'>);
  if (name !== 'mark-variant-copies') return result;
  const issued = result as JobResult<'mark-variant-copies'>;
  return {
    record: [...issued.record],
    marked: marked(issued.copies),
    differences: issued.copies.map((copy) => copy.differences),
  };
}

const TEST_WORKER = fileURLToPath(new URL('../fixtures/test-worker.cjs', import.meta.url));

async function failureOf(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: Error) => error,
  );
}

describe('the work pool', () => {
  it('answers every job as this thread does', async () => {
    const run = poolOf().forRequest();
    for (const name of JOB_NAMES) {
      const input = SAMPLES[name];
      expect(meaningOf(name, await run(name, input)), name).toEqual(meaningOf(name, runJob(name, input)));
    }
  });

  it('fails as this thread does: a CodecError with its code, option and figures', async () => {
    const run = poolOf().forRequest();
    const cases: [JobName, JobInput<JobName>][] = [
      ['decode', { text: MEMO, options: {} }],
      ['encode', { text: '   ', secret: 'a secret', options: {} }],
      ['encode', { text: MEMO, secret: 'x', options: { bindText: true } }],
      ['decode', { text: encode(MEMO, 'x', { key }).encoded, options: { key: randomBytes(32) } }],
      ['mark-copies', { text: '  \n  ', copyIds: ['copy-ddddddd'], key }],
    ];
    for (const [name, input] of cases) {
      const here = await failureOf(Promise.resolve().then(() => runJob(name, input)));
      const there = await failureOf(run(name, input));
      expect(here).toBeInstanceOf(CodecError);
      expect(there).toBeInstanceOf(CodecError);
      expect({ ...there, message: there.message }).toEqual({ ...here, message: here.message });
    }
  });

  it('stops a job past its request’s budget: its worker ends, another takes its place', async () => {
    const work = poolOf({ budgetSeconds: 1 });
    const before = work.state().threadIds;
    // hundreds of copies of 100 KB: far more than a second's work
    const text = MEMO.repeat(60);
    const copyIds = Array.from({ length: 400 }, (_, i) => `copy-${String(i).padStart(7, '0')}`);
    const stopped = await failureOf(work.forRequest()('mark-copies', { text, copyIds, key }));
    expect(stopped).toBeInstanceOf(DomainError);
    expect(stopped).toMatchObject({ code: 'WORK_LIMIT', details: { budget: '1 s' } });
    expect(work.state().replaced).toBe(1);
    // the next request runs, on a new thread
    expect((await work.forRequest()('strip', { text: marked })).text).toBe(MEMO);
    expect(work.state().threadIds).not.toEqual(before);
    expect(work.state()).toMatchObject({ running: 0, waiting: 0 });
  });

  it('the budget is the whole request’s: a job handed over after it ran out is refused at once', async () => {
    const run = poolOf({ budgetSeconds: 1 }).forRequest();
    await run('strip', { text: marked });
    await sleep(1100);
    await expect(run('strip', { text: marked })).rejects.toMatchObject({ code: 'WORK_LIMIT' });
    expect(pool!.state().replaced).toBe(0);
  });

  it('stops a job that needs more memory than a worker may hold, and replaces the worker', async () => {
    const work = poolOf({ memoryMb: 64, workerFile: TEST_WORKER });
    const stopped = await failureOf(work.forRequest()('strip', { text: 'hungry' }));
    expect(stopped).toMatchObject({ code: 'WORK_LIMIT', details: { memory: '64 MB' } });
    expect(work.state().replaced).toBe(1);
    expect(await work.forRequest()('analyze', { encoded: 'still here' })).toEqual({ encoded: 'still here' });
  });

  it('runs again on a new worker the jobs that waited behind one its budget stopped', async () => {
    const work = poolOf({ budgetSeconds: 1, workerFile: TEST_WORKER });
    const stopped = work.forRequest();
    await stopped('strip', { text: 'quick' }); // its budget runs from here
    await sleep(600);
    const slow = failureOf(stopped('strip', { text: 'slow 10000' }));
    // short: handed to the busy worker, to wait in its port behind the slow job
    const behind = work.forRequest()('strip', { text: 'behind' });
    expect(await slow).toMatchObject({ code: 'WORK_LIMIT' });
    expect(await behind).toEqual({ text: 'behind' });
    expect(work.state()).toMatchObject({ running: 0, waiting: 0, replaced: 1 });
  });

  it('refuses a job whose budget ends while it waits behind another in a worker; the other goes on', async () => {
    const work = poolOf({ budgetSeconds: 2, workerFile: TEST_WORKER });
    const late = work.forRequest();
    await late('strip', { text: 'quick' }); // its budget runs from here
    await sleep(1000);
    const slow = work.forRequest()('strip', { text: 'slow 1500' });
    const behind = failureOf(late('strip', { text: 'behind' }));
    expect(await behind).toMatchObject({ code: 'WORK_LIMIT' });
    expect(await slow).toEqual({ text: 'slow 1500' });
    expect(work.state()).toMatchObject({ replaced: 0 });
    expect(await work.forRequest()('strip', { text: 'next' })).toEqual({ text: 'next' });
  });

  it('refuses before any work a job whose result would hold more text than a worker may', async () => {
    const work = poolOf({ memoryMb: 64 });
    // ten copies of 1 MB: some 70 MB of marked text
    const copyIds = Array.from({ length: 10 }, (_, i) => `copy-${String(i).padStart(7, '0')}`);
    const refused = await failureOf(work.forRequest()('mark-copies', { text: 'a'.repeat(1 << 20), copyIds, key }));
    expect(refused).toMatchObject({ code: 'WORK_LIMIT', details: { memory: '64 MB' } });
    expect(work.state()).toMatchObject({ running: 0, replaced: 0 });
  });

  it('refuses a job at once when every worker is busy and the waiting line is full, with a time to retry', async () => {
    const now = new Date('2025-03-10T12:00:00Z');
    const work = poolOf({ queue: 1, budgetSeconds: 2, now: () => now });
    const long = { text: MEMO.repeat(60), copyIds: Array.from({ length: 400 }, () => 'copy-eeeeeee'), key };
    const running = failureOf(work.forRequest()('mark-copies', long));
    const waiting = failureOf(work.forRequest()('mark-copies', long));
    expect(work.state()).toMatchObject({ running: 1, waiting: 1 });
    const refused = await failureOf(work.forRequest()('strip', { text: marked }));
    expect(refused).toMatchObject({ code: 'BUSY' });
    expect((refused as DomainError).retryAt!.getTime()).toBeGreaterThan(now.getTime());
    // both admitted jobs end at their budget; the pool is free again
    expect(await running).toMatchObject({ code: 'WORK_LIMIT' });
    expect(await waiting).toMatchObject({ code: 'WORK_LIMIT' });
    expect((await work.forRequest()('strip', { text: marked })).text).toBe(MEMO);
  });

  it('says at start when its worker script does not load', async () => {
    const broken = poolOf({ workerFile: fileURLToPath(new URL('../fixtures/broken-worker.cjs', import.meta.url)) });
    await expect(broken.started()).rejects.toThrow();
    await broken.close();
    await expect(poolOf().started()).resolves.toBeUndefined();
  });

  it('runs tiny inputs in the calling thread, where handing them over would cost more than the work', async () => {
    const work = poolOf({ inlineBelow: { strip: 1000 } });
    await work.close();
    // a closed pool can run nothing: an answer can only have come from this thread
    expect((await work.forRequest()('strip', { text: 'a'.repeat(999) })).text).toHaveLength(999);
    await expect(work.forRequest()('strip', { text: 'a'.repeat(1000) })).rejects.toThrow();
  });
});

// A long marked text crosses back from a worker as its JSON's bytes (src/server/work-pool/written-json.ts): it
// reads as the string it was, and the answer's writer writes the bytes, JSON.stringify's.

async function written(value: object): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of jsonStream(value as Record<string, unknown>)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString();
}

const LONG = `“${MEMO}”\n`.repeat(Math.ceil(40_000 / MEMO.length));

describe('a long marked text from a worker', () => {
  it('is the same string to whoever reads it, and its answer is written from the bytes', async () => {
    const run = poolOf().forRequest();
    for (const [job, field] of [
      ['encode', 'encoded'],
      ['encode-robust', 'watermarked'],
    ] as const) {
      // the robust marks' spread fixed, so that the worker's text can be compared with this thread's
      const input = { text: LONG, secret: 'ID-42', options: { seed: 7 } };
      const result = (await run(job, input)) as unknown as Record<string, unknown>;
      expect(holdsWrittenJson(result), job).toBe(true);
      const answer = await written(result);
      const text = result[field] as string;
      expect(typeof text).toBe('string');
      expect(result).toEqual(runJob(job, input));
      expect(answer).toBe(JSON.stringify(result));
      expect(JSON.parse(answer)[field]).toBe(text);
      if (job === 'encode') expect(decode(text).decoded).toBe('ID-42');
    }
  });

  it('is made from a long text sent as bytes (Latin-1, UTF-16), again and again in buffers given back', async () => {
    const run = poolOf().forRequest();
    const latin1 = `${MEMO.replace(/[^\u0000-\u00ff]/g, '-')} ½ café\n`.repeat(Math.ceil(140_000 / MEMO.length));
    for (const text of [latin1, latin1.slice(3), `${latin1}中🎉`, `中${latin1}`]) {
      const input = { text, secret: 'ID-42', options: { seed: 7 } };
      const result = await run('encode-robust', input);
      expect(result).toEqual(runJob('encode-robust', input));
      expect(decodeRobust(result.watermarked).decoded).toBe('ID-42');
    }
  });

  it('stays a string for short texts, and for an encode that answers its marks alone', async () => {
    const run = poolOf().forRequest();
    for (const input of [
      { text: MEMO, secret: 'ID-42', options: {} },
      { text: LONG, secret: 'ID-42', options: { output: 'tokens' as const } },
    ]) {
      const result = await run('encode', input);
      expect(holdsWrittenJson(result)).toBe(false);
      expect(result).toEqual(runJob('encode', input));
      expect(await written(result)).toBe(JSON.stringify(result));
    }
  });

  it('is never written from stale bytes: a field set again, or a copy of the object, is written as it is', async () => {
    const json = new TextEncoder().encode(JSON.stringify('before "quoted"\u{E0100}'));
    const result: Record<string, unknown> = { keyed: false };
    receiveWritten(result, { encoded: json });
    expect(result.encoded).toBe('before "quoted"\u{E0100}');
    const copy = { ...result };
    expect(holdsWrittenJson(copy)).toBe(false);
    expect(await written(copy)).toBe(JSON.stringify(copy));
    result.encoded = 'after';
    expect(writtenJsonOf(result, 'encoded')).toBeUndefined();
    expect(holdsWrittenJson(result)).toBe(false);
    expect(await written(result)).toBe('{"keyed":false,"encoded":"after"}');
  });
});

describe('an encode of a long text on wm serve', () => {
  it('answers the JSON of the marked text, as the same encode run on the event loop does', async () => {
    const answers = [];
    for (const work of [poolOf(), undefined]) {
      const server = await makeServer({ work });
      try {
        const user = await signUp(server, { plan: 'pro' });
        await server.fixture.domain.admin.grantCredits(user.email, 10);
        const { token } = await createApiToken(server, user);
        const response = await server.app.inject({
          method: 'POST',
          url: '/api/watermark/encode',
          payload: { text: LONG, secret: 'ID-42' },
          headers: bearer(token),
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        answers.push(response.json());
      } finally {
        await server.close();
      }
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(decode(answers[0].encoded).decoded).toBe('ID-42');
  });
});
