import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { sessionOf } from '../edge/authentication.js';
import { ProfileResponse, UpdateProfileBody, UpdateProfileResponse } from '../schemas/users.js';
import { sessionRoute } from './route-options.js';
import { API_PATHS } from '../../api/paths.js';

export function userRoutes(app: FastifyInstance, context: ServerContext): void {
  const { domain } = context;

  app.get(
    API_PATHS.profile,
    sessionRoute(context, 'users', 'Profile, API tokens (no secrets) and quota', {
      response: { 200: ProfileResponse },
    }),
    async (request) => domain.accounts.getProfile(sessionOf(request).user.id),
  );

  app.put<{ Body: UpdateProfileBody }>(
    API_PATHS.profile,
    sessionRoute(context, 'users', 'Change username, firstName or lastName (at least one)', {
      body: UpdateProfileBody,
      response: { 200: UpdateProfileResponse },
    }),
    async (request) => {
      const { username, firstName, lastName } = request.body;
      const user = await domain.accounts.updateProfile(sessionOf(request).user.id, { username, firstName, lastName });
      return { message: 'Profile updated', user };
    },
  );
}
