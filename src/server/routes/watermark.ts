import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { HttpError } from '../http-error.js';
import { SECURITY } from '../plugins/api-docs.js';
import { errors } from '../schemas/common.js';
import {
  AnalyzeBody,
  AnalyzeResponse,
  DecodeBody,
  DecodeResponse,
  DecodeRobustResponse,
  EncodeBody,
  EncodeResponse,
  EncodeRobustBody,
  EncodeRobustResponse,
  LegacyEncodeBody,
} from '../schemas/watermark.js';

/** The API token checked by `requireApiToken`. */
function tokenOf(request: FastifyRequest): string {
  return request.apiTokenSecret ?? '';
}

function required<T>(values: Record<string, T | undefined>, hint: Record<string, string>): Record<string, T> {
  const missing = Object.keys(values).filter((field) => values[field] === undefined);
  if (missing.length > 0) {
    const details = Object.fromEntries(missing.map((field) => [field, `is required${hint[field] ?? ''}`]));
    throw new HttpError(400, `Missing field: ${missing.join(', ')}`, { details });
  }
  return values as Record<string, T>;
}

export function watermarkRoutes(app: FastifyInstance, context: ServerContext): void {
  const { watermark } = context.domain;
  const route = (summary: string, body: object, ok: object, failures: number[]) => ({
    onRequest: context.auth.requireApiToken,
    schema: {
      tags: ['watermark'],
      summary,
      security: [...SECURITY.apiToken],
      body,
      response: { 200: ok, ...errors(...failures) },
    },
  });

  app.post<{ Body: EncodeBody }>(
    '/api/watermark/encode',
    route('Hide a secret in text (variation selectors); needs the encode permission', EncodeBody, EncodeResponse, [400, 401, 402, 403, 429]),
    async (request) => watermark.encode(tokenOf(request), request.body),
  );

  app.post<{ Body: EncodeRobustBody }>(
    '/api/watermark/encode-robust',
    route(
      'Hide a secret bit by bit (robust); needs encode. `visible_text`/`hidden_text` are accepted for text/secret',
      EncodeRobustBody,
      EncodeRobustResponse,
      [400, 401, 402, 403, 429],
    ),
    async (request) => {
      const { text, secret, visible_text, hidden_text, distribution, stealth_level } = request.body;
      const fields = required(
        { text: text ?? visible_text, secret: secret ?? hidden_text },
        { text: ' (or visible_text)', secret: ' (or hidden_text)' },
      );
      return watermark.encodeRobust(tokenOf(request), {
        text: fields.text!,
        secret: fields.secret!,
        distribution,
        stealthLevel: stealth_level,
      });
    },
  );

  app.post<{ Body: DecodeBody }>(
    '/api/watermark/decode',
    route('Recover the secret (variation selectors); needs decode', DecodeBody, DecodeResponse, [400, 401, 402, 403, 422, 429]),
    async (request) => watermark.decode(tokenOf(request), { text: request.body.text }),
  );

  app.post<{ Body: DecodeBody }>(
    '/api/watermark/decode-robust',
    route('Recover a robust (bit-level) secret; needs decode', DecodeBody, DecodeRobustResponse, [400, 401, 402, 403, 422, 429]),
    async (request) => watermark.decodeRobust(tokenOf(request), { text: request.body.text }),
  );

  app.post<{ Body: AnalyzeBody }>(
    '/api/watermark/analyze',
    route('Count visible graphemes and hidden bytes; needs encode or decode', AnalyzeBody, AnalyzeResponse, [400, 401, 402, 403, 429]),
    async (request) => watermark.analyze(tokenOf(request), { encoded: request.body.encoded, original: request.body.original }),
  );

  app.post<{ Body: LegacyEncodeBody }>(
    '/api/v1/encode',
    route('Legacy form of encode: original_text = text, payload = secret', LegacyEncodeBody, EncodeResponse, [400, 401, 402, 403, 429]),
    async (request) => {
      const { original_text, payload, ...options } = request.body;
      return watermark.encode(tokenOf(request), { ...options, text: original_text, secret: payload });
    },
  );
}
