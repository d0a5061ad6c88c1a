import type { FastifyInstance, FastifyRequest } from 'fastify';

type Done = (error: Error | null, body?: unknown) => void;

/**
 * Every body is JSON, whatever Content-Type says or whether it is sent at all (the spec makes it optional for
 * register, and `curl -d` sends application/x-www-form-urlencoded). An empty body is no body rather than a
 * parse error: clients often send `Content-Type: application/json` to refresh and logout, which take none.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const parse = (request: FastifyRequest, body: string | Buffer, done: Done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  };
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parse);
  app.addContentTypeParser('*', { parseAs: 'string' }, parse);
}
