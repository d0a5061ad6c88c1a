import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { HttpError } from '../http-error.js';
import {
  AnalyzeBody,
  AnalyzeResponse,
  CannotReadResponse,
  DecodeBody,
  DecodeResponse,
  DecodeRobustResponse,
  EncodeBody,
  EncodeResponse,
  EncodeRobustBody,
  EncodeRobustResponse,
  LegacyEncodeBody,
} from '../schemas/watermark.js';
import { apiTokenRoute } from './route-options.js';

/** The API token checked by `requireApiToken`. */
function tokenOf(request: FastifyRequest): string {
  return request.apiTokenSecret ?? '';
}

/** The fields, all present; throws a 400 naming each missing one (with its `hint`) otherwise. */
function requireFields<T>(values: Record<string, T | undefined>, hint: Record<string, string>): Record<string, T> {
  const missing = Object.keys(values).filter((field) => values[field] === undefined);
  if (missing.length > 0) {
    const details = Object.fromEntries(missing.map((field) => [field, `is required${hint[field] ?? ''}`]));
    throw new HttpError(400, `Missing field: ${missing.join(', ')}`, { details });
  }
  return values as Record<string, T>;
}

/**
 * The options, unchanged; throws a 400 naming the field when method is `pattern` without a pattern (the codec would
 * refuse it too, but without naming the field).
 */
function requirePatternIfNeeded<T extends { method?: string; pattern?: string }>(options: T): T {
  if (options.method === 'pattern')
    requireFields({ pattern: options.pattern || undefined }, { pattern: ' when method is pattern' });
  return options;
}

export function watermarkRoutes(app: FastifyInstance, context: ServerContext): void {
  const { watermark } = context.domain;
  const CANNOT_READ = { 422: CannotReadResponse };

  app.post<{ Body: EncodeBody }>(
    '/api/watermark/encode',
    apiTokenRoute(
      context,
      'Hide a secret in text (variation selectors); needs the encode permission. A token created with sign signs ' +
        'the mark (`signature` in the answer); `bind_text` makes the signature cover the text too',
      { body: EncodeBody, response: { 200: EncodeResponse } },
    ),
    async (request) => {
      const { bind_text, ...options } = request.body;
      return watermark.encode(tokenOf(request), { ...requirePatternIfNeeded(options), bindText: bind_text });
    },
  );

  app.post<{ Body: EncodeRobustBody }>(
    '/api/watermark/encode-robust',
    apiTokenRoute(
      context,
      'Hide a secret bit by bit (robust); needs encode. `visible_text`/`hidden_text` are accepted for text/secret',
      {
        body: EncodeRobustBody,
        response: { 200: EncodeRobustResponse },
      },
    ),
    async (request) => {
      const {
        text,
        secret,
        visible_text,
        hidden_text,
        distribution,
        stealth_level,
        mark_word_ends,
        line_ends_only,
        bind_text,
      } = request.body;
      const fields = requireFields(
        { text: text ?? visible_text, secret: secret ?? hidden_text },
        { text: ' (or visible_text)', secret: ' (or hidden_text)' },
      );
      return watermark.encodeRobust(tokenOf(request), {
        text: fields.text,
        secret: fields.secret,
        distribution,
        stealthLevel: stealth_level,
        markWordEnds: mark_word_ends,
        lineEndsOnly: line_ends_only,
        bindText: bind_text,
      });
    },
  );

  app.post<{ Body: DecodeBody }>(
    '/api/watermark/decode',
    apiTokenRoute(
      context,
      'Recover the secret (variation selectors); needs decode. `signature` says who signed the mark: the keys of ' +
        "/.well-known/wm-keys.json and the account's own are known",
      {
        body: DecodeBody,
        response: { 200: DecodeResponse, ...CANNOT_READ },
      },
    ),
    async (request) => watermark.decode(tokenOf(request), { text: request.body.text }),
  );

  app.post<{ Body: DecodeBody }>(
    '/api/watermark/decode-robust',
    apiTokenRoute(context, 'Recover a robust (bit-level) secret; needs decode', {
      body: DecodeBody,
      response: { 200: DecodeRobustResponse, ...CANNOT_READ },
    }),
    async (request) => watermark.decodeRobust(tokenOf(request), { text: request.body.text }),
  );

  app.post<{ Body: AnalyzeBody }>(
    '/api/watermark/analyze',
    apiTokenRoute(context, 'Count visible graphemes and hidden bytes; needs encode or decode', {
      body: AnalyzeBody,
      response: { 200: AnalyzeResponse },
    }),
    async (request) =>
      watermark.analyze(tokenOf(request), { encoded: request.body.encoded, original: request.body.original }),
  );

  app.post<{ Body: LegacyEncodeBody }>(
    '/api/v1/encode',
    apiTokenRoute(context, 'Legacy form of encode: original_text = text, payload = secret', {
      body: LegacyEncodeBody,
      response: { 200: EncodeResponse },
    }),
    async (request) => {
      const { original_text, payload, bind_text, ...options } = request.body;
      return watermark.encode(tokenOf(request), {
        ...requirePatternIfNeeded(options),
        text: original_text,
        secret: payload,
        bindText: bind_text,
      });
    },
  );
}
