import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's defaults minus `upgrade-insecure-requests`: `wm serve` listens on plain http by default, and that
 * directive would make browsers fetch the docs' assets over https from a server that does not speak it.
 */
const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: true,
    directives: { 'upgrade-insecure-requests': null },
  },
  // a JSON API and its docs page are safe to show cross-origin resources of; HSTS only when served over https
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets with these options. They do not depend on the request (no CSP nonces, no function
 * directives), so they are computed once instead of by helmet's middleware on every request, which re-parses
 * the policy each time (docs/PERFORMANCE.md, Server).
 */
function computeSecurityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {},
  };
  helmet(OPTIONS)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

let computed: Readonly<Record<string, string>> | undefined;

/** Every answer carries these, errors included (the error, not-found, framework and client-error paths add them). */
export function securityHeaders(): Readonly<Record<string, string>> {
  computed ??= Object.freeze(computeSecurityHeaders());
  return computed;
}

/**
 * The API's answers and MCP's carry access and refresh tokens, API token secrets, hidden texts and account data: no
 * cache, shared or the browser's, may keep them (RFC 9111 no-store). Other paths (the dashboard's files, the public
 * key set) say how they may be cached themselves.
 */
const UNCACHEABLE = /^\/+(api|mcp)(\/|\?|$)/;

export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (UNCACHEABLE.test(request.url)) reply.header('cache-control', 'no-store');
    done();
  });
}
