import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WatermarkCaller } from '../../domain/index.js';
import { createDomainBackend } from '../../ops/domain-backend.js';
import {
  declaredInputOf,
  inputFieldsOf,
  OPERATION_NAMES,
  OPERATIONS,
  renamedInput,
  sessionPathOf,
  type HttpFace,
  type OperationName,
} from '../../ops/operations.js';
import { codecInputOf } from '../../ops/wire.js';
import type { ServerContext } from '../context.js';
import { sessionOf } from '../edge/authentication.js';
import { HttpError } from '../http-error.js';
import { jsonStream } from '../json-stream.js';
import { CannotReadResponse } from '../schemas/watermark.js';
import { errors } from '../schemas/common.js';
import { TokenIdParams } from '../schemas/tokens.js';
import { apiTokenRoute, sessionRoute } from './route-options.js';

type Body = Record<string, unknown>;

/** The API token checked by `requireApiToken`. */
function tokenOf(request: FastifyRequest): string {
  return request.apiTokenSecret ?? '';
}

/** Throws a 400 naming each field of `values` that is missing (with its `hint`). */
function requireFields(values: Body, hint: Record<string, string>): void {
  const missing = Object.keys(values).filter((field) => values[field] === undefined);
  if (missing.length > 0) {
    const details = Object.fromEntries(missing.map((field) => [field, `is required${hint[field] ?? ''}`]));
    throw new HttpError(400, `Missing field: ${missing.join(', ')}`, { details });
  }
}

/**
 * The body schema of an operation's route: its input, where a field with another name (`alternatives`) is
 * optional and the other name beside it. Unknown fields are allowed (and ignored), as on every face.
 */
function bodyOf(name: OperationName, http: HttpFace): TObject {
  const alternatives = Object.entries(http.alternatives ?? {});
  if (alternatives.length === 0) return OPERATIONS[name].input;
  const fields = OPERATIONS[name].input.properties as Record<string, TSchema>;
  const properties: Record<string, TSchema> = {};
  for (const field of inputFieldsOf(name)) {
    const other = alternatives.find(([, replaced]) => replaced === field)?.[0];
    properties[field] = other
      ? Type.Optional({
          ...fields[field],
          description: `${fields[field].description} (required unless ${other} is sent)`,
        })
      : fields[field];
    if (other) {
      properties[other] = Type.Optional({
        ...fields[field],
        description: `another name of ${field}, sent by existing clients`,
      });
    }
  }
  return Type.Object(properties);
}

/**
 * The operation's input from a body: a field sent under its other name taken as the field, each field required in
 * one case only checked (naming it: the codec refuses such input too, but not by the field's name).
 */
function inputOf(name: OperationName, http: HttpFace, body: Body) {
  const values = { ...body };
  const alternatives = Object.entries(http.alternatives ?? {});
  if (alternatives.length > 0) {
    for (const [other, field] of alternatives) values[field] ??= body[other];
    const fields = Object.fromEntries(alternatives.map(([, field]) => [field, values[field]]));
    requireFields(fields, Object.fromEntries(alternatives.map(([other, field]) => [field, ` (or ${other})`])));
  }
  for (const [field, when] of Object.entries(http.requiredWhen ?? {})) {
    if (values[when.field] === when.equals)
      requireFields({ [field]: values[field] || undefined }, { [field]: when.hint });
  }
  return codecInputOf(declaredInputOf(name, values));
}

/**
 * Every operation of the table with REST paths, at its method and path (API token), for the dashboard with the
 * session as one of the account's tokens (sessionPathOf), and at its legacy address if it has one. A GET takes its
 * input as the query string. Each runs the operation through the domain backend, as /mcp does.
 */
export function operationRoutes(app: FastifyInstance, context: ServerContext): void {
  const run = async (
    name: OperationName,
    caller: WatermarkCaller,
    input: ReturnType<typeof inputOf>,
    reply: FastifyReply,
  ) => {
    const result = await createDomainBackend(context.domain, caller).run(name, input);
    if (!OPERATIONS[name].http?.streamed) return result;
    return reply.type('application/json; charset=utf-8').send(jsonStream(result as Record<string, unknown>));
  };

  for (const name of OPERATION_NAMES) {
    const { http, result } = OPERATIONS[name];
    if (!http) continue;
    const { method, path } = http;
    const response: Record<number, TSchema> = { 200: result };
    if (http.unreadable) response[422] = CannotReadResponse;
    const input = bodyOf(name, http);
    const schema = { ...(method === 'GET' ? { querystring: input } : { body: input }), response };
    const valuesOf = (request: FastifyRequest) => (method === 'GET' ? request.query : request.body) as Body;
    app.route({
      method,
      url: path,
      ...apiTokenRoute(context, http.summary, schema),
      handler: async (request, reply) => run(name, tokenOf(request), inputOf(name, http, valuesOf(request)), reply),
    });
    // the dashboard: a signed-in person picks one of their tokens by name instead of pasting its secret
    app.route<{ Params: TokenIdParams }>({
      method,
      url: sessionPathOf(name),
      ...sessionRoute(
        context,
        'watermark',
        `As ${method} ${path}, with the session, as one of your API tokens (its permissions, channel and charges); ` +
          '404 for a token that is not yours',
        { ...schema, params: TokenIdParams, response: { ...schema.response, ...errors(402, 404, 429) } },
      ),
      handler: async (request, reply) =>
        run(
          name,
          { userId: sessionOf(request).user.id, tokenId: request.params.tokenId },
          inputOf(name, http, valuesOf(request)),
          reply,
        ),
    });
    if (http.legacy) {
      const { path: legacyPath, summary, names } = http.legacy;
      const legacyBody = renamedInput(name, inputFieldsOf(name), names);
      app.post<{ Body: Body }>(
        legacyPath,
        apiTokenRoute(context, summary, { body: legacyBody, response: { 200: result } }),
        async (request, reply) => {
          const values = { ...request.body };
          for (const [field, legacyName] of Object.entries(names)) values[field] = request.body[legacyName];
          return run(name, tokenOf(request), inputOf(name, http, values), reply);
        },
      );
    }
  }
}
