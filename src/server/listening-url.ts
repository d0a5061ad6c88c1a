import type { FastifyInstance } from 'fastify';

/** `0.0.0.0` / `::` listen on every interface; links then name localhost, which works on the same machine. */
export const isWildcardHost = (host: string) => host === '0.0.0.0' || host === '::';

/** The http URL of the address the server listens on (port 0 resolved), or the configured one before listening. */
export function listeningUrl(app: FastifyInstance, config: { host: string; port: number }): string {
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  const host = isWildcardHost(config.host) ? 'localhost' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
