import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/domain/config.js';
import { createWorkPool, workerScript, type WorkPool } from '../../src/server/work-pool/index.js';
import { MEMO } from '../domain/copies/texts.js';
import {
  bearer,
  createApiToken,
  createChannel,
  makeServer,
  signUp,
  type SignedInUser,
  type TestServer,
} from './harness.js';

// wm serve with its worker pool at small limits: a request stopped by its budget answers 503 and costs nothing,
// a full pool refuses at once with a time to retry, and the server goes on answering either way.

/**
 * An issue of copies far beyond a second's work on any machine: 360 copies of about 100 KB (a fast quiet machine
 * marks 90 of them within the second), four times what the pro plan allows by default, so its cap is raised here.
 */
const HEAVY_ISSUE = {
  text: MEMO.repeat(60).slice(0, 100_000),
  recipients: Array.from({ length: 360 }, (_, i) => `reader-${i}@example.com`),
};
const HEAVY_ISSUE_CAP = { ...DEFAULT_CONFIG.copiesCharactersByPlan, pro: 40_000_000 };

let server: TestServer;
let pool: WorkPool;
let user: SignedInUser;
let token: string;

beforeEach(async () => {
  pool = createWorkPool({ workerFile: workerScript(), threads: 1, queue: 0, budgetSeconds: 1, memoryMb: 512 });
  server = await makeServer({ work: pool, domain: { copiesCharactersByPlan: HEAVY_ISSUE_CAP } });
  user = await signUp(server, { plan: 'pro' });
  await server.fixture.domain.admin.grantCredits(user.email, 1_000);
  const channel = await createChannel(server, user, 'memos');
  ({ token } = await createApiToken(server, user, { signing_channel_id: channel }));
});
afterEach(async () => {
  await server.close();
  await pool.close();
});

const post = (url: string, payload: object) =>
  server.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
const balance = async () =>
  (await server.app.inject({ url: '/api/v2/credits/balance', headers: bearer(user.accessToken) })).json().balance;

describe('wm serve’s work limits', () => {
  it('stops a request at its budget: 503, nothing recorded or charged, and the next request is served', async () => {
    const before = await balance();
    const stopped = await post('/api/v2/copies', HEAVY_ISSUE);
    expect(stopped.statusCode).toBe(503);
    expect(stopped.json()).toMatchObject({
      error: 'Service Unavailable',
      code: 'WORK_LIMIT',
      message: expect.stringContaining('1 s budget'),
      details: { budget: '1 s' },
    });
    expect(stopped.headers['retry-after']).toBeUndefined();
    expect(pool.state().replaced).toBe(1);
    expect(await balance()).toBe(before);
    expect((await server.app.inject({ url: '/api/v2/copies', headers: bearer(token) })).json().documents).toEqual([]);
    // a large encode goes to the new worker, and is charged
    const encoded = await post('/api/watermark/encode', { text: MEMO.repeat(100), secret: 'ID-42' });
    expect(encoded.statusCode, encoded.body).toBe(200);
    expect(await balance()).toBe(before - 1);
  });

  it('refuses at once with Retry-After while every worker is taken and none may wait', async () => {
    const heavy = post('/api/v2/copies', HEAVY_ISSUE);
    // wait until the issue has the one worker
    while (pool.state().running === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const refused = await post('/api/watermark/decode', { text: MEMO.repeat(100) });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toMatch(/busy with other large requests; retry in \d+ s/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // small inputs never wait for a worker
    const small = await post('/api/watermark/encode', { text: MEMO, secret: 'ID-42' });
    expect(small.statusCode).toBe(200);
    expect((await heavy).statusCode).toBe(503);
  });
});
