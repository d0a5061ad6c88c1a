import { afterAll, describe, expect, it } from 'vitest';
import { decode } from 'wm-watermark-codec/decode';
import { JOB_NAMES } from '../../src/domain/work/jobs.js';
import { jsonStream } from '../../src/server/json-stream.js';
import { createWorkPool, workerScript } from '../../src/server/work-pool/index.js';
import { holdsWrittenJson, receiveWritten, writtenJsonOf } from '../../src/server/work-pool/written-json.js';
import { MEMO } from '../domain/copies/texts.js';
import { bearer, createApiToken, makeServer, signUp } from './harness.js';

// A long marked text crosses back from a worker as its JSON's bytes (src/server/work-pool/written-json.ts): it
// reads as the string it was, and the answer's writer writes the bytes, JSON.stringify's.

const pool = createWorkPool({
  workerFile: workerScript(),
  threads: 1,
  queue: 4,
  budgetSeconds: 60,
  memoryMb: 256,
  inlineBelow: Object.fromEntries(JOB_NAMES.map((name) => [name, 0])),
});
afterAll(() => pool.close());

async function written(value: object): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of jsonStream(value as Record<string, unknown>)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString();
}

const LONG = `“${MEMO}”\n`.repeat(Math.ceil(40_000 / MEMO.length));

describe('a long marked text from a worker', () => {
  it('is the same string to whoever reads it, and its answer is written from the bytes', async () => {
    const run = pool.forRequest();
    for (const [job, field] of [
      ['encode', 'encoded'],
      ['encode-robust', 'watermarked'],
    ] as const) {
      const result = (await run(job, { text: LONG, secret: 'ID-42', options: {} })) as unknown as Record<
        string,
        unknown
      >;
      expect(holdsWrittenJson(result), job).toBe(true);
      const answer = await written(result);
      const text = result[field] as string;
      expect(typeof text).toBe('string');
      expect(answer).toBe(JSON.stringify(result));
      expect(JSON.parse(answer)[field]).toBe(text);
      if (job === 'encode') expect(decode(text).decoded).toBe('ID-42');
    }
  });

  it('stays a string for short texts', async () => {
    const result = await pool.forRequest()('encode', { text: MEMO, secret: 'ID-42', options: {} });
    expect(holdsWrittenJson(result)).toBe(false);
    expect(await written(result)).toBe(JSON.stringify(result));
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
    for (const work of [pool, undefined]) {
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
