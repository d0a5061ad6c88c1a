import type { FastifyError } from 'fastify';
import type { ErrorBody } from '../client/errors.js';
import { failureKindOf, failureTextOf, type ApiFailure, type FailureKind } from '../ops/failure.js';
import { describeSchemaIssue, type SchemaIssue } from '../ops/schema-issue.js';
import { toHttpError, type ErrorMapContext } from './error-map.js';
import { HttpError, isHttpError } from './http-error.js';

/**
 * A failure of a request inside wm serve, in every face's shape at once: the HTTP answer (status, the spec's error
 * body, headers), the kind (what a CLI's exit code is chosen by) and one line for a person (an MCP tool's error
 * text). Made by `failureOf`, the one function every face of the server asks.
 */
export interface Failure extends ApiFailure {
  headers?: Record<string, string>;
  kind: FailureKind;
  text: string;
  /** nobody raised it on purpose (a bug, a broken database): logged, and its details kept from the caller */
  unexpected: boolean;
}

/** Input that fails its route's schema: 400 naming each field. */
function validationFailure(error: FastifyError): HttpError {
  const context = error.validationContext ?? 'body';
  const details: Record<string, string> = {};
  for (const issue of (error.validation ?? []) as SchemaIssue[]) {
    const { field, problem } = describeSchemaIssue(issue, context);
    details[field] ??= problem;
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

/** The HTTP answer an error stands for: ours (HttpError), the route's schema's, the error table's, Fastify's. */
function httpErrorOf(error: unknown, context: ErrorMapContext): HttpError | undefined {
  if (isHttpError(error)) return error;
  const fastify = error as FastifyError;
  if (fastify?.validation) return validationFailure(fastify);
  return toHttpError(error, context) ?? (typeof fastify === 'object' ? clientFailure(fastify) : undefined);
}

/**
 * Any failure of a request (a DomainError, a CodecError, input refused by a schema, a database that does not answer,
 * an HttpError, or anything unexpected) in every face's shape. An unexpected one is a 500 that says nothing of it.
 */
export function failureOf(error: unknown, context: ErrorMapContext): Failure {
  const known = httpErrorOf(error, context);
  const http = known ?? new HttpError(500, 'Unexpected server failure');
  const headers = http.options.headers;
  const retryAfter = headers?.['retry-after'];
  const failure: ApiFailure = {
    status: http.statusCode,
    body: http.body() as ErrorBody,
    ...(retryAfter === undefined ? {} : { retryAfterSeconds: Number(retryAfter) }),
  };
  const kind = failureKindOf(failure, false);
  return { ...failure, headers, kind, text: failureTextOf(failure, kind), unexpected: !known };
}
