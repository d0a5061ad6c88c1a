import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http-error.js';

/**
 * Per-client-address limits for the routes that opt in (login, register) through `authRateLimit(...)`.
 * The builder must return an error carrying statusCode 429: the plugin throws it as-is.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many attempts from your address; retry in ${context.after}`),
  });
}

/** Route config: at most `perMinute` requests per client address and minute. */
export function authRateLimit(perMinute: number) {
  return { rateLimit: { max: perMinute, timeWindow: 60_000 } };
}
