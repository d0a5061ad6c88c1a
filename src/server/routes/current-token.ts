import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { SECURITY } from '../edge/api-docs.js';
import { ApiTokenMetadata, CreditBalance, Quota, User } from '../schemas/common.js';
import { documented } from './route-options.js';
import { API_PATHS } from '../../api/paths.js';

const TokenDescription = Type.Object({ token: ApiTokenMetadata, user: User, credits: CreditBalance, quota: Quota });

/**
 * The API token a client presents, by itself: a client that holds nothing but the token (`wm login` keeps no
 * password and no session) can see whose it is and revoke it. Not part of the interface spec; no charge.
 */
export function currentTokenRoutes(app: FastifyInstance, context: ServerContext): void {
  const { currentToken } = context.domain;
  const secretOf = (request: FastifyRequest) => request.apiTokenSecret ?? '';
  const route = (summary: string, response: Record<number, object>) => ({
    onRequest: context.auth.requireApiToken,
    schema: documented('tokens', summary, { security: SECURITY.apiToken, response }, [401, 403]),
  });

  app.get(
    API_PATHS.currentToken,
    route('The presented API token: its metadata, account, balance and quota (wm whoami)', { 200: TokenDescription }),
    async (request) => currentToken.describe(secretOf(request)),
  );

  app.delete(
    API_PATHS.currentToken,
    route('Revoke the presented API token itself (wm logout)', { 204: { type: 'null', description: 'revoked' } }),
    async (request, reply) => {
      await currentToken.revoke(secretOf(request));
      return reply.code(204).send();
    },
  );
}
