import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE } from '../database.js';
import { createApiToken, makeServer, signUp, withServer, type TestServer } from './harness.js';

const SECRET = 'scrape-secret-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await makeServer({ config: { metricsToken: SECRET }, domain: { freeCredits: 2 } });
});
afterAll(() => server.close());

const scrape = (authorization?: string) =>
  server.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

describe('GET /metrics', () => {
  it('does not exist without WM_METRICS_TOKEN', async () => {
    await withServer({}, async (plain) => {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    });
  });

  it('wants the bearer secret', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${SECRET}x`)).statusCode).toBe(401);
    expect((await scrape(`Bearer ${SECRET}`)).statusCode).toBe(200);
  });

  it('counts requests by route and status, latencies, charges and refusals by reason, batch sizes', async () => {
    const user = await signUp(server);
    const { token } = await createApiToken(server, user);
    const analyze = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/watermark/analyze',
        headers: { authorization: `Token ${token}` },
        payload: { encoded: 'plain' },
      });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await analyze()).statusCode);
    expect(statuses).toEqual([200, 200, 402]);
    const metrics = await scrape(`Bearer ${SECRET}`);
    expect(metrics.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = metrics.body;
    expect(text).toContain('wm_http_requests_total{method="POST",route="/api/watermark/analyze",status="200"} 2');
    expect(text).toContain('wm_http_requests_total{method="POST",route="/api/watermark/analyze",status="402"} 1');
    expect(text).toMatch(/wm_http_request_duration_seconds_count\{method="POST",route="\/api\/watermark\/analyze"\} 3/);
    expect(text).toContain('wm_charges_total{outcome="charged"} 2');
    // the third was refused before the codec ran, on the balance read with the token
    expect(text).toContain('wm_charges_total{outcome="PAYMENT_REQUIRED"} 1');
    expect(text).toMatch(/wm_group_commit_batch_size_count \d+/);
    expect(text).toContain('wm_process_cpu_seconds_total');
    // PostgreSQL's pool; SQLite has one connection and no pool to report
    if (TEST_DATABASE === 'postgres') expect(text).toContain('wm_database_pool_connections{state="max"} 10');
    else expect(text).not.toContain('wm_database_pool_connections{');
  });
});
