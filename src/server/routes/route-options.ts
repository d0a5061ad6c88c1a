import type { TSchema } from '@sinclair/typebox';
import type { ServerContext } from '../context.js';
import { SECURITY } from '../edge/api-docs.js';
import { errors } from '../schemas/common.js';

/** An OpenAPI security requirement: scheme names (of the document's components) to scopes; `{}` makes it optional. */
type SecurityRequirement = Readonly<Record<string, readonly string[]>>;

type Tag = 'auth' | 'users' | 'tokens' | 'credits' | 'channels' | 'watermark' | 'service';

export interface RouteSchema {
  body?: TSchema;
  params?: TSchema;
  querystring?: TSchema;
  /** the success response and any error statuses particular to the route */
  response: Record<number, TSchema | object>;
  security?: readonly SecurityRequirement[];
}

/**
 * The OpenAPI part of a route: the statuses any route of its kind can answer are documented here, once —
 * 400 for input that fails its schema, 413 for a body over the limit, 500 for everything unexpected, 503 while the
 * database does not answer (every route but the service ones, which do not use it).
 */
export function documented(tag: Tag, summary: string, schema: RouteSchema, alwaysPossible: number[] = []) {
  const inputs = schema.body || schema.params || schema.querystring ? [400] : [];
  const bodies = schema.body ? [413] : [];
  const database = tag === 'service' ? [] : [503];
  const { security, ...rest } = schema;
  return {
    tags: [tag],
    summary,
    ...(security ? { security: [...security] } : {}),
    ...rest,
    response: { ...errors(...inputs, ...bodies, ...alwaysPossible, 500, ...database), ...schema.response },
  };
}

/** A route of the signed-in user (JWT access token): 401 without a valid one, 403 AccountSuspended. */
export function sessionRoute(context: ServerContext, tag: Tag, summary: string, schema: RouteSchema) {
  return {
    onRequest: context.auth.requireSession,
    schema: documented(tag, summary, { security: SECURITY.session, ...schema }, [401, 403]),
  };
}

/**
 * A watermark route (API token): 401 without a valid token; 403 for a missing permission, an unverified email
 * or a suspended account; 402 without credits; 429 when the quota is used up.
 */
export function apiTokenRoute(context: ServerContext, summary: string, schema: RouteSchema) {
  return {
    onRequest: context.auth.requireApiToken,
    schema: documented('watermark', summary, { security: SECURITY.apiToken, ...schema }, [401, 402, 403, 429]),
  };
}
