import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Helmet's defaults minus `upgrade-insecure-requests`: `wm serve` listens on plain http by default, and that
 * directive would make browsers fetch the docs' assets over https from a server that does not speak it.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: { 'upgrade-insecure-requests': null },
    },
    // a JSON API and its docs page are safe to show cross-origin resources of; HSTS only when served over https
    strictTransportSecurity: false,
  });
}
