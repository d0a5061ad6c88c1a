import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http-error.js';

type Done = (error: Error | null, body?: unknown) => void;

// fatal: invalid UTF-8 is refused rather than silently turned into U+FFFD (which would change a secret)
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Every body is JSON, whatever Content-Type says or whether it is sent at all (the spec makes it optional for
 * register, and `curl -d` sends application/x-www-form-urlencoded). An empty body is no body rather than a
 * parse error: clients often send `Content-Type: application/json` to refresh and logout, which take none.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const parse = (request: FastifyRequest, body: string | Buffer, done: Done) => {
    let text: string;
    try {
      text = typeof body === 'string' ? body : utf8.decode(body);
    } catch {
      return done(new HttpError(400, 'The body is not valid UTF-8'));
    }
    if (text.trim() === '') return done(null, undefined);
    void parseJson(request, text, done);
  };
  // Fastify's own text/plain parser would hand a string to the routes (fetch sends a string body as text/plain)
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, parse);
}
