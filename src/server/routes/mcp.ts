import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createDomainBackend } from '../../ops/domain-backend.js';
import type { ServerContext } from '../context.js';
import { failureOf } from '../failure.js';
import { HttpError } from '../http-error.js';
import { SECURITY } from '../edge/api-docs.js';
import { refuseForeignPages } from '../edge/cross-site-guard.js';
import { documented } from './route-options.js';

type McpHttp = typeof import('../../mcp/http.js');

/**
 * MCP over Streamable HTTP at /mcp, stateless: every POST carries its API token, read once for the request, and
 * each tool call runs the domain operation of its REST endpoint (same permission, same charge) as that caller; a
 * failure is worded by `failureOf`, as REST answers it. The MCP SDK is loaded on the first request, so `wm serve`
 * starts as fast as before.
 */
export function mcpRoutes(app: FastifyInstance, context: ServerContext): void {
  const { domain } = context;
  let sdk: Promise<McpHttp> | undefined;
  const now = () => new Date();

  /** A failed call in the words of the failure REST answers for it; an unexpected one is logged by the caller. */
  const describeFailure = (error: unknown): string | undefined => {
    const failure = failureOf(error, { checkoutUrl: context.checkoutUrl, now });
    return failure.unexpected ? undefined : failure.text;
  };

  app.post(
    '/mcp',
    {
      onRequest: [
        refuseForeignPages({ allowedOrigins: context.config.allowedOrigins, publicUrl: context.publicUrl }),
        context.auth.requireApiToken,
      ],
      schema: documented(
        'watermark',
        'MCP (Streamable HTTP, stateless, JSON answers): the watermark operations as tools; each call needs the ' +
          'permission ' +
          'of its REST endpoint and is charged like it',
        {
          security: SECURITY.apiToken,
          response: {
            200: {
              description:
                'the JSON-RPC response or batch (a POST of notifications only is answered 202 without a body)',
              type: 'object',
              additionalProperties: true,
            },
          },
        },
        [401, 403, 406, 415],
      ),
    },
    async (request: FastifyRequest, reply) => {
      // the token and its account are read once for the request (401 or 403 before any MCP message), and every
      // tool call of it runs as that caller, as a REST request does
      const caller = await domain.watermark.identify(request.apiTokenSecret ?? '');
      const { answerMcpPost } = await (sdk ??= import('../../mcp/http.js'));
      const answer = await answerMcpPost(
        {
          backend: createDomainBackend(domain, caller),
          describeFailure,
          log: (line) => request.log.error(line),
        },
        { url: `${context.publicUrl()}${request.url}`, headers: request.headers, body: request.body },
      );
      const contentType = answer.headers['content-type'];
      reply.code(answer.status);
      if (contentType) reply.type(contentType);
      return reply.send(answer.body === '' ? undefined : answer.body);
    },
  );

  // no server-initiated stream and no sessions: GET and DELETE are answered 405, as the transport allows
  const notAllowed = async () => {
    throw new HttpError(405, 'MCP here is stateless: send JSON-RPC messages with POST', { headers: { allow: 'POST' } });
  };
  app.get('/mcp', { schema: { hide: true } }, notAllowed);
  app.delete('/mcp', { schema: { hide: true } }, notAllowed);
}
