import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { sessionOf } from '../edge/authentication.js';
import { errors } from '../schemas/common.js';
import { ChangePasswordBody, PasswordChangedResponse } from '../schemas/users.js';
import { setRefreshCookie } from './refresh-cookie.js';
import { sessionRoute } from './route-options.js';
import { API_PATHS } from '../../api/paths.js';

const CHANGED =
  'Password changed. Every other session is signed out, and access tokens issued before now no longer work; ' +
  'this session goes on with the access token in this response and a new refresh cookie. API tokens keep working.';

/** Registered where the refresh cookie can be set: the caller's session goes on under a new refresh token. */
export function passwordRoute(app: FastifyInstance, context: ServerContext): void {
  const { domain } = context;
  app.put<{ Body: ChangePasswordBody }>(
    API_PATHS.password,
    sessionRoute(
      context,
      'users',
      'Change the password; ends every other session and every access token issued before. The response ' +
        'carries a new access token and sets a new refreshToken cookie for the caller',
      {
        body: ChangePasswordBody,
        // 403 also for a page of another site and 415 for form or text bodies: the route sets the refresh cookie
        response: { 200: PasswordChangedResponse, ...errors(415, 429, 503) },
      },
    ),
    async (request, reply) => {
      const session = await domain.accounts.changePassword(sessionOf(request).user.id, request.body, {
        clientAddress: request.ip,
      });
      setRefreshCookie(reply, session.refreshToken, domain.config.refreshTokenTtlSeconds);
      return { message: CHANGED, accessToken: session.accessToken };
    },
  );
}
