import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Domain } from '../../domain/index.js';
import { VERSION } from '../../version.js';
import { documented } from './route-options.js';

const Health = Type.Object({ status: Type.Literal('ok'), version: Type.String() });
const Ready = Type.Object({ status: Type.Literal('ready') });
const CheckoutInfo = Type.Object({ message: Type.String() });

/**
 * Liveness (`/healthz`: the process answers, nothing else is asked), readiness (`/readyz`: the database answers too;
 * 503 with Retry-After while it does not, so a load balancer sends requests elsewhere), and the default
 * checkout_url target of a 402 when no WM_CHECKOUT_URL is configured.
 */
export function serviceRoutes(app: FastifyInstance, domain: Domain): void {
  app.get(
    '/healthz',
    { schema: documented('service', 'Liveness and version', { response: { 200: Health } }) },
    async () => ({ status: 'ok' as const, version: VERSION }),
  );

  app.get(
    '/readyz',
    {
      schema: documented(
        'service',
        'Readiness: 200 when the database answers, 503 (with Retry-After) while not',
        { response: { 200: Ready } },
        [503],
      ),
    },
    async () => {
      await domain.ready();
      return { status: 'ready' as const };
    },
  );

  app.get(
    '/checkout',
    {
      schema: documented('service', 'Where a 402 points when no checkout URL is configured', {
        response: { 200: CheckoutInfo },
      }),
    },
    async () => ({
      message:
        'This wm server sells no credits online. Ask its operator to add credits ' +
        '(`wm credits grant <email> <n>`) or to change your plan (`wm users set-plan <email> <plan>`).',
    }),
  );
}
