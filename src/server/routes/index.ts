import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { authRoutes } from './auth.js';
import { channelRoutes } from './channels.js';
import { creditRoutes } from './credits.js';
import { serviceRoutes } from './service.js';
import { tokenRoutes } from './tokens.js';
import { userRoutes } from './users.js';
import { watermarkRoutes } from './watermark.js';

export function registerRoutes(app: FastifyInstance, context: ServerContext): void {
  serviceRoutes(app);
  authRoutes(app, context);
  userRoutes(app, context);
  tokenRoutes(app, context);
  creditRoutes(app, context);
  channelRoutes(app, context);
  watermarkRoutes(app, context);
}
