import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { sessionOf } from '../edge/authentication.js';
import { errors } from '../schemas/common.js';
import {
  ApiTokenWithSecret,
  CreateTokenBody,
  LegacyTokenIdParams,
  TokenIdParams,
  TokenList,
  TokenListQuery,
} from '../schemas/tokens.js';
import { sessionRoute } from './route-options.js';
import { API_PATHS } from '../../api/paths.js';

const REVOKED = { 204: { type: 'null', description: 'revoked' }, ...errors(404) };

export function tokenRoutes(app: FastifyInstance, context: ServerContext): void {
  const { domain } = context;

  app.post<{ Body: CreateTokenBody }>(
    API_PATHS.tokens,
    sessionRoute(context, 'tokens', 'Create an API token; the secret (`token`) is shown only in this response', {
      body: CreateTokenBody,
      response: { 201: ApiTokenWithSecret },
    }),
    async (request, reply) => {
      const { name, permissions, signing_channel_id, sign, encrypt } = request.body;
      const owner = sessionOf(request).user.id;
      const created = await domain.apiTokens.create(owner, { name, permissions, signing_channel_id, sign, encrypt });
      return reply.code(201).send(created);
    },
  );

  app.get<{ Querystring: TokenListQuery }>(
    API_PATHS.tokens,
    sessionRoute(context, 'tokens', 'Your API tokens (no secrets), a page at a time: ?limit=&after=', {
      querystring: TokenListQuery,
      response: { 200: TokenList },
    }),
    async (request, reply) => {
      const { limit, after } = request.query;
      const page = await domain.apiTokens.page(sessionOf(request).user.id, { limit, after });
      if (page.next !== null) {
        const query = new URLSearchParams({
          ...(limit === undefined ? {} : { limit: String(limit) }),
          after: page.next,
        });
        reply.header('link', `</api/v2/tokens?${query.toString()}>; rel="next"`);
      }
      return page.tokens;
    },
  );

  const revoke = async (request: FastifyRequest, reply: FastifyReply, tokenId: string) => {
    await domain.apiTokens.revoke(sessionOf(request).user.id, tokenId);
    return reply.code(204).send();
  };

  app.delete<{ Params: TokenIdParams }>(
    API_PATHS.token,
    sessionRoute(
      context,
      'tokens',
      'Revoke (delete) an API token; effective at once. 403: the token is another account’s',
      {
        params: TokenIdParams,
        response: REVOKED,
      },
    ),
    async (request, reply) => revoke(request, reply, request.params.tokenId),
  );

  app.delete<{ Params: LegacyTokenIdParams }>(
    API_PATHS.legacyToken,
    sessionRoute(context, 'tokens', 'Alias of DELETE /api/v2/tokens/{tokenId}', {
      params: LegacyTokenIdParams,
      response: REVOKED,
    }),
    async (request, reply) => revoke(request, reply, request.params.id),
  );
}
