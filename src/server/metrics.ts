import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Domain } from '../domain/index.js';
import { HttpError } from './http-error.js';

/**
 * `GET /metrics` in Prometheus's text format (prom-client). Off by default: the route exists only when the operator
 * gives a bearer secret (`--metrics-token`, WM_METRICS_TOKEN), and a scrape must present it (`Authorization: Bearer
 * …`), since the figures tell who uses the service how much. Off, nothing of it runs on any request.
 */
export function registerMetrics(app: FastifyInstance, domain: Domain, token: string): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'wm_' });
  const requests = new Counter({
    name: 'wm_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'wm_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const charges = new Counter({
    name: 'wm_charges_total',
    help: 'Charges of watermark operations: committed ("charged") or refused, by the refusal code',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const batches = new Histogram({
    name: 'wm_group_commit_batch_size',
    help: 'API token uses committed together in one unit of work by the group commit',
    buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500],
    registers: [registry],
  });
  const connections: Gauge<'state'> = new Gauge({
    name: 'wm_database_pool_connections',
    help: "Connections of this instance's PostgreSQL pool, by state (open, idle, waiting callers, max)",
    labelNames: ['state'],
    registers: [registry],
    // read at each scrape; SQLite has no pool, and then no series
    collect: () => {
      const pool = domain.databasePool();
      if (!pool) return;
      for (const state of ['open', 'idle', 'waiting', 'max'] as const) connections.set({ state }, pool[state]);
    },
  });
  domain.observe({ charge: (outcome) => charges.inc({ outcome }), batch: (uses) => batches.observe(uses) });

  app.addHook('onResponse', async (request, reply) => {
    // the pattern, not the URL: ids and query strings would make a series per request
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: reply.statusCode });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new HttpError(401, 'The metrics need the bearer secret given to --metrics-token');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
