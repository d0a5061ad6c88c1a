import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PATHS } from '../../api/paths.js';
import type { WatermarkCaller } from '../../domain/index.js';
import { createCopiesDomainBackend } from '../../ops/copies-backends.js';
import { COPIES_OPERATION_NAMES, COPIES_OPERATIONS, type CopiesOperationInputs } from '../../ops/copies.js';
import type { ServerContext } from '../context.js';
import { sessionOf } from '../edge/authentication.js';
import { errors } from '../schemas/common.js';
import { TokenIdParams } from '../schemas/tokens.js';
import { apiTokenRoute, sessionRoute } from './route-options.js';

/**
 * The copies operations (src/ops/copies.ts), each at its path with an API token and, for the dashboard's "Copies"
 * page, at /api/v2/tokens/:tokenId/… with the session, as one of the account's tokens.
 */
export function copiesRoutes(app: FastifyInstance, context: ServerContext): void {
  const backendOf = (caller: WatermarkCaller) => createCopiesDomainBackend(context.domain.copies, caller);
  for (const name of COPIES_OPERATION_NAMES) {
    const { method, path, input, result, http } = COPIES_OPERATIONS[name];
    const schema = { ...(method === 'GET' ? { querystring: input } : { body: input }), response: { 200: result } };
    const inputOf = (request: FastifyRequest) =>
      (method === 'GET' ? request.query : request.body) as CopiesOperationInputs[typeof name];
    app.route({
      method,
      url: path,
      ...apiTokenRoute(context, http.summary, schema),
      handler: async (request) => backendOf(request.apiTokenSecret ?? '').run(name, inputOf(request)),
    });
    app.route<{ Params: TokenIdParams }>({
      method,
      url: `${API_PATHS.tokenCopies}${path.slice(API_PATHS.copies.length)}`,
      ...sessionRoute(context, 'watermark', `As ${method} ${path}, with the session, as one of your API tokens`, {
        ...schema,
        params: TokenIdParams,
        response: { ...schema.response, ...errors(402, 404, 429) },
      }),
      handler: async (request) =>
        backendOf({ userId: sessionOf(request).user.id, tokenId: request.params.tokenId }).run(name, inputOf(request)),
    });
  }
}
