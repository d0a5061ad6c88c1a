import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { VERSION } from '../../version.js';

export const SECURITY = {
  /** user session: the JWT access token from login or refresh */
  session: [{ accessToken: [] }],
  /** watermark API token, either scheme */
  apiToken: [{ apiToken: [] }, { apiTokenLegacy: [] }],
  /** the refreshToken cookie set by login */
  refreshCookie: [{ refreshCookie: [] }],
  /** logout: the cookie, the access token (whose session ends), or nothing at all */
  logout: [{ refreshCookie: [] }, { accessToken: [] }, {}],
} as const;

const DOCS_CSP =
  "default-src 'self'; base-uri 'self'; font-src 'self' https: data:; frame-ancestors 'self'; " +
  "img-src 'self' data: validator.swagger.io; object-src 'none'; script-src 'self'; script-src-attr 'none'; " +
  "style-src 'self' https: 'unsafe-inline'";

/** The OpenAPI 3 document generated from the route schemas, at /openapi.json, and Swagger UI at /docs. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'wm — text watermarking service',
        description:
          'Hide a secret inside text with invisible Unicode variation selectors. Interface version 2.0.0. ' +
          'Errors are `{error, message?, details?}`.',
        version: VERSION,
      },
      components: {
        securitySchemes: {
          accessToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'Access token from /api/auth/login',
          },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'API token secret (wm_…) as `Authorization: Bearer <token>`',
          },
          apiTokenLegacy: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'API token secret as `Authorization: Token <token>` (accepted for existing clients)',
          },
          refreshCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'refreshToken',
            description:
              'Set by login and refresh (HttpOnly, Secure, SameSite=Strict, Path=/api/auth/refresh, 30 days)',
          },
        },
      },
      tags: [
        { name: 'auth', description: 'Registration, login and sessions' },
        { name: 'users', description: 'The signed-in user' },
        { name: 'tokens', description: 'Watermark API tokens' },
        { name: 'credits', description: 'Credits, quota and usage' },
        {
          name: 'channels',
          description:
            'Channels: the keys of keyed (encrypted) and signed watermarks, which the interface calls signing ' +
            'channels; and the public key set',
        },
        { name: 'watermark', description: 'Watermark operations (API token)' },
        { name: 'service', description: 'Health and documentation' },
      ],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: DOCS_CSP });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
