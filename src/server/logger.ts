import type { FastifyServerOptions } from 'fastify';

const SECRET_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'secret',
  'hidden_text',
  'token',
  'accessToken',
  'refreshToken',
];

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
const SECRET_QUERY_NAMES = new Set(['token', 'access_token', 'api_key']);

/** A query parameter's name as the query parser reads it: `%74oken` and `to%6Ben` are `token`. */
function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const pairs = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1 || !SECRET_QUERY_NAMES.has(decodedName(pair.slice(0, equals)))) return pair;
      return `${pair.slice(0, equals)}=[redacted]`;
    });
  return `${url.slice(0, start + 1)}${pairs.join('&')}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}

export function loggerOptions(options: {
  level: string;
  stream?: NodeJS.WritableStream;
}): FastifyServerOptions['logger'] {
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
