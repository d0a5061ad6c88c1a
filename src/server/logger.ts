import type { FastifyServerOptions } from 'fastify';

const SECRET_FIELDS = ['password', 'currentPassword', 'newPassword', 'secret', 'hidden_text', 'token', 'accessToken', 'refreshToken'];

/** Everything that can carry a credential or a secret, wherever it may show up in a log object. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `body.${field}`]),
];

/** Query parameters whose value is a credential (the verification link). */
const SECRET_QUERY = /([?&](?:token|access_token|api_key)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}

export function loggerOptions(options: { level: string; stream?: NodeJS.WritableStream }): FastifyServerOptions['logger'] {
  return {
    level: options.level,
    ...(options.stream ? { stream: options.stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
        userAgent: request.headers['user-agent'],
      }),
    },
  };
}
