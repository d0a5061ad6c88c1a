import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/** The answer's `error` and `message` for a status ≥ 400, kept for the debug line (debug level only). */
const failures = new WeakMap<FastifyRequest, { error?: unknown; message?: unknown }>();

/**
 * One log line per request, written when the answer has gone out (Fastify's own logging writes two, the first
 * without the status): method, URL (credentials in the query redacted by the logger's serializer), route pattern,
 * status, time in ms, client address, user agent and request id. At debug level the line also carries the sizes
 * and, for a refused request, the error the client was told, which is what someone chasing a failure asks first.
 */
export class RequestLog extends LogController {
  constructor(private readonly debug: boolean) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    request.log.info(
      {
        req: request,
        res: reply,
        route: request.routeOptions.url,
        responseTime: Math.round(reply.elapsedTime * 100) / 100,
        ...(this.debug ? debugFields(request, reply) : {}),
      },
      'request completed',
    );
  }
}

/** At debug level, keeps what a refused client was told for its request line. */
export function keepFailuresForDebug(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && typeof payload === 'string') failures.set(request, answerOf(payload));
    done(null, payload);
  });
}

function debugFields(request: FastifyRequest, reply: FastifyReply): Record<string, unknown> {
  return {
    requestBytes: Number(request.headers['content-length'] ?? 0),
    responseBytes: Number(reply.getHeader('content-length') ?? 0),
    ...(failures.has(request) ? { failure: failures.get(request) } : {}),
  };
}

function answerOf(payload: string): { error?: unknown; message?: unknown } {
  try {
    const { error, message } = JSON.parse(payload) as { error?: unknown; message?: unknown };
    return { error, message };
  } catch {
    return {};
  }
}
