import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http-error.js';

/**
 * On close, Fastify stops accepting and drops idle keep-alive connections, but a connection whose request is
 * still running would stay open after its response until the client's keep-alive ends, and close would wait
 * for it. Answering those last responses with `Connection: close` lets the server finish as soon as they are sent.
 * A request that arrives on a kept-alive connection after close began gets 503 in the spec's error shape
 * (Fastify's own `return503OnClosing` answer has another shape and no security headers).
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', (_request, _reply, done) => {
    if (!closing) return done();
    done(new HttpError(503, 'The server is shutting down; retry shortly', { headers: { 'retry-after': '5' } }));
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
