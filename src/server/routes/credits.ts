import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { sessionOf } from '../plugins/authentication.js';
import { SECURITY } from '../plugins/api-docs.js';
import { errors } from '../schemas/common.js';
import { CreditBalance, UsagePage, UsageQuery } from '../schemas/credits.js';

const DEFAULT_PAGE = 50;

export function creditRoutes(app: FastifyInstance, context: ServerContext): void {
  const { domain } = context;
  const guarded = { onRequest: context.auth.requireSession };
  const security = [...SECURITY.session];

  app.get(
    '/api/v2/credits/balance',
    {
      ...guarded,
      schema: { tags: ['credits'], summary: 'Credit balance and plan', security, response: { 200: CreditBalance, ...errors(401, 403) } },
    },
    async (request) => domain.credits.balance(sessionOf(request).user.id),
  );

  app.get<{ Querystring: UsageQuery }>(
    '/api/v2/credits/usage',
    {
      ...guarded,
      schema: {
        tags: ['credits'],
        summary: 'Credit history (charges and grants), newest first, paginated with `before`',
        security,
        querystring: UsageQuery,
        response: { 200: UsagePage, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const limit = request.query.limit ?? DEFAULT_PAGE;
      // one extra record tells whether another page exists
      const records = domain.credits.usage(sessionOf(request).user.id, { limit: limit + 1, before: request.query.before });
      const usage = records.slice(0, limit);
      return { usage, next_before: records.length > limit ? usage[usage.length - 1]!.id : null };
    },
  );
}
