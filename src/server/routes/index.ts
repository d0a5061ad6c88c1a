import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { refuseCrossSite } from '../edge/cross-site-guard.js';
import { authRoutes } from './auth.js';
import { channelRoutes } from './channels.js';
import { creditRoutes } from './credits.js';
import { passwordRoute } from './password.js';
import { recoveryRoutes } from './recovery.js';
import { currentTokenRoutes } from './current-token.js';
import { mcpRoutes } from './mcp.js';
import { serviceRoutes } from './service.js';
import { tokenRoutes } from './tokens.js';
import { userRoutes } from './users.js';
import { operationRoutes } from './operations.js';
import { wellKnownRoutes } from './well-known.js';

export function registerRoutes(app: FastifyInstance, context: ServerContext): void {
  serviceRoutes(app, context.domain);
  // only the auth routes (recovery included) and the password change read or set a cookie (the refresh token): the
  // others skip its
  // per-request hooks, and only these need to know which page sent a request
  void app.register(async (auth) => {
    await auth.register(cookie);
    auth.addHook(
      'onRequest',
      refuseCrossSite({ allowedOrigins: context.config.allowedOrigins, publicUrl: context.publicUrl }),
    );
    authRoutes(auth, context);
    recoveryRoutes(auth, context);
    passwordRoute(auth, context);
  });
  userRoutes(app, context);
  tokenRoutes(app, context);
  creditRoutes(app, context);
  channelRoutes(app, context);
  operationRoutes(app, context);
  wellKnownRoutes(app, context);
  currentTokenRoutes(app, context);
  mcpRoutes(app, context);
}
