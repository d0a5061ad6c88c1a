import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WatermarkCaller } from '../../domain/index.js';
import { createDomainBackend } from '../../ops/domain-backend.js';
import { declaredInputOf, inputSchemaOf, renamedInput, withAliasesResolved } from '../../ops/input-fields.js';
import { OPERATION_NAMES, OPERATIONS, sessionPathOf, type HttpFace, type OperationName } from '../../ops/operations.js';
import { codecInputOf } from '../../ops/wire.js';
import type { ServerContext } from '../context.js';
import { sessionOf } from '../edge/authentication.js';
import { HttpError } from '../http-error.js';
import { jsonStream } from '../json-stream.js';
import { holdsWrittenJson } from '../work-pool/written-json.js';
import { CannotReadResponse } from '../schemas/watermark.js';
import { errors } from '../schemas/common.js';
import { TokenIdParams } from '../schemas/tokens.js';
import { apiTokenRoute, sessionRoute } from './route-options.js';

type Body = Record<string, unknown>;

/** The API token checked by `requireApiToken`. */
function tokenOf(request: FastifyRequest): string {
  return request.apiTokenSecret ?? '';
}

/**
 * The operation's input from a body (aliases resolved before it was validated), each field required in one case
 * only checked (naming it: the codec refuses such input too, but not by the field's name).
 */
function inputOf(name: OperationName, http: HttpFace, values: Body) {
  const input: Body = declaredInputOf(name, values);
  for (const [field, when] of Object.entries(http.requiredWhen ?? {})) {
    if (input[when.field] === when.equals && !input[field]) {
      throw new HttpError(400, `Missing field: ${field}`, { details: { [field]: `is required${when.hint}` } });
    }
  }
  return codecInputOf(input);
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
    if (!OPERATIONS[name].http?.streamed && !holdsWrittenJson(result)) return result;
    return reply.type('application/json; charset=utf-8').send(jsonStream(result));
  };

  for (const name of OPERATION_NAMES) {
    const { http, result } = OPERATIONS[name];
    if (!http) continue;
    const { method, path } = http;
    const response: Record<number, TSchema> = { 200: result };
    if (http.unreadable) response[422] = CannotReadResponse;
    const input = inputSchemaOf(name);
    const schema = { ...(method === 'GET' ? { querystring: input } : { body: input }), response };
    const valuesOf = (request: FastifyRequest) => (method === 'GET' ? request.query : request.body) as Body;
    // a field sent under another name only is taken as the field before the input is validated
    const resolveAliases = async (request: FastifyRequest) => {
      if (method === 'GET') request.query = withAliasesResolved(name, request.query);
      else request.body = withAliasesResolved(name, request.body);
    };
    app.route({
      method,
      url: path,
      ...apiTokenRoute(context, http.summary, schema),
      preValidation: resolveAliases,
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
      preValidation: resolveAliases,
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
      const body = inputSchemaOf(name);
      const legacyBody = renamedInput(body, Object.keys(body.properties), names);
      app.post<{ Body: Body }>(
        legacyPath,
        {
          ...apiTokenRoute(context, summary, { body: legacyBody, response: { 200: result } }),
          preValidation: resolveAliases,
        },
        async (request, reply) => {
          const values = { ...request.body };
          for (const [field, legacyName] of Object.entries(names)) values[field] = request.body[legacyName];
          return run(name, tokenOf(request), inputOf(name, http, values), reply);
        },
      );
    }
  }
}
