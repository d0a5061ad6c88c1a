import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorMapContext } from '../error-map.js';
import { failureOf } from '../failure.js';
import { HttpError } from '../http-error.js';
import { securityHeaders } from './security-headers.js';

export function registerErrorHandler(app: FastifyInstance, context: ErrorMapContext): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // an error can come from a hook that ran before the one setting them
    reply.headers(securityHeaders());
    const failure = failureOf(error, context);
    // a 5xx raised on purpose (503 while closing, 503 while every password-hashing slot is taken, a database that
    // does not answer, which the store logs once per outage) says what it is; anything unexpected is a 500: log
    // everything, tell the client nothing about the internals
    if (failure.unexpected) request.log.error({ err: error }, 'request failed');
    if (failure.headers) reply.headers(failure.headers);
    // HTTP requires a challenge with every 401; the credentials of this API are all bearer tokens
    if (failure.status === 401) reply.header('www-authenticate', 'Bearer');
    return reply.code(failure.status).send(failure.body);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    // a segment over the router's limit is 414 wherever it is, as for a parameter (FST_ERR_MAX_PARAM_LENGTH)
    const failure = path.split('/').some((segment) => segment.length > MAX_SEGMENT_LENGTH)
      ? new HttpError(...FRAMEWORK_ANSWERS.FST_ERR_MAX_PARAM_LENGTH)
      : new HttpError(404, ECHOABLE_PATH.test(path) ? `Route ${request.method} ${path} not found` : 'Route not found');
    return reply.headers(securityHeaders()).code(failure.statusCode).send(failure.body());
  });
}

/** Fastify's `maxParamLength` (its default): longer path segments are refused with 414. */
export const MAX_SEGMENT_LENGTH = 100;
/** A path short and plain enough to name in a 404 (printable ASCII): anything else is not echoed. */
const ECHOABLE_PATH = /^[\x21-\x7e]{1,200}$/;

const FRAMEWORK_ANSWERS: Record<string, [status: number, message: string]> = {
  FST_ERR_BAD_URL: [400, 'The URL is malformed (an invalid percent-escape)'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'A path segment is too long'],
};

/**
 * Fastify's `frameworkErrors`: failures of the router, before any hook runs. Fastify's own answer echoes the URL
 * and has a `statusCode` field and no security headers.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const [status, message] = FRAMEWORK_ANSWERS[error.code] ?? [500, 'Unexpected server failure'];
  void reply.headers(securityHeaders()).code(status).send(new HttpError(status, message).body());
}
