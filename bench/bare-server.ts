import Fastify from 'fastify';
import { loggerOptions } from '../src/server/logger.js';

// The reference for the server figures: a bare Fastify route, started as its own process like `wm serve` and
// logging the same way, answering with JSON of the requested size (`?bytes=N`) to GET and POST (JSON bodies).
const app = Fastify({ logger: loggerOptions({ level: 'info' }) });
const bodies = new Map<number, { data: string }>();
const bodyOf = (bytes: number) => {
  let body = bodies.get(bytes);
  if (!body) bodies.set(bytes, (body = { data: 'x'.repeat(Math.max(0, bytes - 11)) }));
  return body;
};
const handler = async (request: { query: unknown }) =>
  bodyOf(Number((request.query as { bytes?: string }).bytes ?? 16));
app.get('/bare', handler);
app.post('/bare', handler);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(
  `bare server listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}\n`,
);
// a clean exit on SIGTERM, so `node --cpu-prof` writes its profile when the bench stops this process
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
