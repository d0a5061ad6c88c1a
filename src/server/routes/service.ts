import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { VERSION } from '../../version.js';
import { documented } from './route-options.js';

const Health = Type.Object({ status: Type.Literal('ok'), version: Type.String() });
const CheckoutInfo = Type.Object({ message: Type.String() });

/** Health check, and the default checkout_url target of a 402 when no WM_CHECKOUT_URL is configured. */
export function serviceRoutes(app: FastifyInstance): void {
  app.get(
    '/healthz',
    { schema: documented('service', 'Liveness and version', { response: { 200: Health } }) },
    async () => ({ status: 'ok' as const, version: VERSION }),
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
