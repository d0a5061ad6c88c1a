import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { sessionOf } from '../plugins/authentication.js';
import { SECURITY } from '../plugins/api-docs.js';
import { MessageResponse, errors } from '../schemas/common.js';
import { ChangePasswordBody, ProfileResponse, UpdateProfileBody, UpdateProfileResponse } from '../schemas/users.js';

export function userRoutes(app: FastifyInstance, context: ServerContext): void {
  const { domain } = context;
  const guarded = { onRequest: context.auth.requireSession };

  app.get(
    '/api/v2/users/me',
    {
      ...guarded,
      schema: {
        tags: ['users'],
        summary: 'Profile, API tokens (no secrets) and quota',
        security: [...SECURITY.session],
        response: { 200: ProfileResponse, ...errors(401, 403) },
      },
    },
    async (request) => domain.accounts.getProfile(sessionOf(request).user.id),
  );

  app.put<{ Body: UpdateProfileBody }>(
    '/api/v2/users/me',
    {
      ...guarded,
      schema: {
        tags: ['users'],
        summary: 'Change username, firstName or lastName (at least one)',
        security: [...SECURITY.session],
        body: UpdateProfileBody,
        response: { 200: UpdateProfileResponse, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { username, firstName, lastName } = request.body;
      const user = domain.accounts.updateProfile(sessionOf(request).user.id, { username, firstName, lastName });
      return { message: 'Profile updated', user };
    },
  );

  app.put<{ Body: ChangePasswordBody }>(
    '/api/v2/users/password',
    {
      ...guarded,
      schema: {
        tags: ['users'],
        summary: 'Change the password; ends every refresh session of the account',
        security: [...SECURITY.session],
        body: ChangePasswordBody,
        response: { 200: MessageResponse, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      await domain.accounts.changePassword(sessionOf(request).user.id, request.body);
      return { message: 'Password changed; other sessions have to log in again' };
    },
  );
}
