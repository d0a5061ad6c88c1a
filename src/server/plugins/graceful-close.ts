import type { FastifyInstance } from 'fastify';

/**
 * On close, Fastify stops accepting and drops idle keep-alive connections, but a connection whose request is
 * still running would stay open after its response until the client's keep-alive ends, and close would wait
 * for it. Answering those last responses with `Connection: close` lets the server finish as soon as they are sent.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
