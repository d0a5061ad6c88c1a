import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { sessionOf } from '../plugins/authentication.js';
import { SECURITY } from '../plugins/api-docs.js';
import { errors } from '../schemas/common.js';
import {
  ApiTokenWithSecret,
  CreateTokenBody,
  LegacyTokenIdParams,
  TokenIdParams,
  TokenList,
} from '../schemas/tokens.js';

export function tokenRoutes(app: FastifyInstance, context: ServerContext): void {
  const { domain } = context;
  const guarded = { onRequest: context.auth.requireSession };
  const security = [...SECURITY.session];

  app.post<{ Body: CreateTokenBody }>(
    '/api/v2/tokens',
    {
      ...guarded,
      schema: {
        tags: ['tokens'],
        summary: 'Create an API token; the secret (`token`) is shown only in this response',
        security,
        body: CreateTokenBody,
        response: { 201: ApiTokenWithSecret, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { name, permissions, signing_channel_id } = request.body;
      const created = domain.apiTokens.create(sessionOf(request).user.id, { name, permissions, signing_channel_id });
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/v2/tokens',
    {
      ...guarded,
      schema: { tags: ['tokens'], summary: 'Your API tokens (no secrets)', security, response: { 200: TokenList, ...errors(401, 403) } },
    },
    async (request) => domain.apiTokens.list(sessionOf(request).user.id),
  );

  const revoke = (request: FastifyRequest, reply: FastifyReply, tokenId: string) => {
    domain.apiTokens.revoke(sessionOf(request).user.id, tokenId);
    return reply.code(204).send();
  };

  app.delete<{ Params: TokenIdParams }>(
    '/api/v2/tokens/:tokenId',
    {
      ...guarded,
      schema: {
        tags: ['tokens'],
        summary: 'Revoke (delete) an API token; effective at once',
        security,
        params: TokenIdParams,
        response: { 204: { type: 'null', description: 'revoked' }, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => revoke(request, reply, request.params.tokenId),
  );

  app.delete<{ Params: LegacyTokenIdParams }>(
    '/api/v2/users/tokens/:id',
    {
      ...guarded,
      schema: {
        tags: ['tokens'],
        summary: 'Alias of DELETE /api/v2/tokens/{tokenId}',
        security,
        params: LegacyTokenIdParams,
        response: { 204: { type: 'null', description: 'revoked' }, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => revoke(request, reply, request.params.id),
  );
}
