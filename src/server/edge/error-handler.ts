import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDomainError } from '../../domain/errors.js';
import { isDatabaseUnavailable } from '../../store/index.js';
import { toHttpError, type ErrorMapContext } from '../error-map.js';
import { HttpError, isHttpError } from '../http-error.js';
import { securityHeaders } from './security-headers.js';

interface AjvIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** "/permissions/0" → "permissions[0]"; a missing property is named by itself. */
function fieldOf(issue: AjvIssue, context: string): string {
  const path = issue.instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\./, '');
  const missing = issue.keyword === 'required' ? String(issue.params.missingProperty) : '';
  return [path, missing].filter(Boolean).join('.') || context;
}

function describeIssue(issue: AjvIssue): string {
  if (issue.keyword === 'required') return 'is required';
  if (issue.keyword === 'format' && issue.params.format === 'email') return 'is not a valid email address';
  if (issue.keyword === 'enum') return `must be one of: ${(issue.params.allowedValues as unknown[]).join(', ')}`;
  return issue.message ?? 'is invalid';
}

function validationFailure(error: FastifyError): HttpError {
  const context = error.validationContext ?? 'body';
  const details: Record<string, string> = {};
  for (const issue of (error.validation ?? []) as AjvIssue[]) {
    details[fieldOf(issue, context)] ??= describeIssue(issue);
  }
  const fields = Object.keys(details);
  const message = fields.length === 1 && fields[0] !== context ? `Invalid field: ${fields[0]}` : `Invalid ${context}`;
  return new HttpError(400, message, { details });
}

/** The error is already an HTTP 4xx of Fastify or a plugin (bad JSON, body too large, rate limit, ...). */
function clientFailure(error: FastifyError): HttpError | undefined {
  const status = error.statusCode;
  if (status === undefined || status < 400 || status >= 500) return undefined;
  const message =
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
      ? 'Malformed JSON body'
      : error.message;
  return new HttpError(status, message);
}

/**
 * A typed refusal of the domain is an answer even when the error table makes it a 5xx (BUSY → 503); so is a
 * database that does not answer (503), which the store logs once per outage instead of once per request.
 */
const isDeliberate = (error: unknown) => isDomainError(error) || isDatabaseUnavailable(error);

function toFailure(error: FastifyError, context: ErrorMapContext): HttpError | undefined {
  if (isHttpError(error)) return error;
  if (error.validation) return validationFailure(error);
  return toHttpError(error, context) ?? clientFailure(error);
}

export function registerErrorHandler(app: FastifyInstance, context: ErrorMapContext): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // an error can come from a hook that ran before the one setting them
    reply.headers(securityHeaders());
    const failure = toFailure(error, context);
    // a 5xx raised on purpose (503 while closing, 503 while every password-hashing slot is taken) says what it
    // is; any other 5xx is a failure: log everything, tell the client nothing about the internals
    if (!failure || (failure.statusCode >= 500 && !isHttpError(error) && !isDeliberate(error))) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(failure?.statusCode ?? 500)
        .send(new HttpError(failure?.statusCode ?? 500, 'Unexpected server failure').body());
    }
    if (failure.options.headers) reply.headers(failure.options.headers);
    // HTTP requires a challenge with every 401; the credentials of this API are all bearer tokens
    if (failure.statusCode === 401) reply.header('www-authenticate', 'Bearer');
    return reply.code(failure.statusCode).send(failure.body());
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
