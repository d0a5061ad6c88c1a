import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';
import { sessionOf } from '../edge/authentication.js';
import { BalanceResponse, DailyUsageQuery, DailyUsageResponse, UsagePage, UsageQuery } from '../schemas/credits.js';
import { sessionRoute } from './route-options.js';
import { API_PATHS } from '../../api/paths.js';

const DEFAULT_PAGE = 50;
const DEFAULT_DAYS = 30;

export function creditRoutes(app: FastifyInstance, context: ServerContext): void {
  const { domain } = context;

  app.get(
    API_PATHS.balance,
    sessionRoute(context, 'credits', 'Credit balance and plan, and what one operation costs', {
      response: { 200: BalanceResponse },
    }),
    async (request) => ({
      ...(await domain.credits.balance(sessionOf(request).user.id)),
      cost_per_operation: domain.config.creditCost,
    }),
  );

  app.get<{ Querystring: UsageQuery }>(
    API_PATHS.usage,
    sessionRoute(context, 'credits', 'Credit history (charges and grants), newest first, paginated with `before`', {
      querystring: UsageQuery,
      response: { 200: UsagePage },
    }),
    async (request) => {
      const limit = request.query.limit ?? DEFAULT_PAGE;
      // one extra record tells whether another page exists
      const { before } = request.query;
      const userId = sessionOf(request).user.id;
      const records = await domain.credits.usage(userId, { limit: limit + 1, before });
      const usage = records.slice(0, limit);
      const next_before = records.length > limit ? usage[usage.length - 1].id : null;
      return { usage, next_before, pruned_before: await domain.credits.prunedBefore(userId) };
    },
  );

  app.get<{ Querystring: DailyUsageQuery }>(
    API_PATHS.dailyUsage,
    sessionRoute(
      context,
      'credits',
      'Watermark operations and credits per UTC day, the last `days` days (for a chart)',
      {
        querystring: DailyUsageQuery,
        response: { 200: DailyUsageResponse },
      },
    ),
    async (request) => {
      const userId = sessionOf(request).user.id;
      return {
        days: await domain.credits.dailyUsage(userId, request.query.days ?? DEFAULT_DAYS),
        pruned_before: await domain.credits.prunedBefore(userId),
      };
    },
  );
}
