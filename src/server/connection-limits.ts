import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from './config.js';

type Limits = Pick<ServerConfig, 'requestTimeoutSeconds' | 'headersTimeoutSeconds' | 'keepAliveTimeoutSeconds'>;

/**
 * The Fastify options that bound how long a client may hold a connection: the whole request, its headers (this
 * also ends a connection that never sends a byte) and an idle keep-alive. Fastify sets `requestTimeout` and
 * `keepAliveTimeout` on the Node server itself, so they are given at both levels; Node checks the first two only
 * every `connectionsCheckingInterval` (30 s by default, which made a 10 s limit act after up to 40 s).
 */
export function connectionTimeouts(config: Limits) {
  const requestTimeout = config.requestTimeoutSeconds * 1000;
  const headersTimeout = config.headersTimeoutSeconds * 1000;
  const keepAliveTimeout = config.keepAliveTimeoutSeconds * 1000;
  const connectionsCheckingInterval = Math.max(100, Math.min(1000, Math.floor(headersTimeout / 4)));
  return {
    requestTimeout,
    keepAliveTimeout,
    http: { requestTimeout, headersTimeout, keepAliveTimeout, connectionsCheckingInterval },
  };
}

/** Connections beyond the cap are closed by Node as soon as they are accepted, before any parsing. */
export function capConnections(app: FastifyInstance, maxConnections: number): void {
  app.server.maxConnections = maxConnections;
}
