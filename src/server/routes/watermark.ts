import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WatermarkCaller } from '../../domain/index.js';
import type { ServerContext } from '../context.js';
import { sessionOf } from '../edge/authentication.js';
import { HttpError } from '../http-error.js';
import {
  AnalyzeBody,
  AnalyzeResponse,
  CannotReadResponse,
  DecodeBody,
  DecodeResponse,
  DecodeRobustBody,
  DecodeRobustResponse,
  EncodeBody,
  EncodeResponse,
  EncodeRobustBody,
  EncodeRobustResponse,
  LegacyEncodeBody,
} from '../schemas/watermark.js';
import { errors } from '../schemas/common.js';
import { TokenIdParams } from '../schemas/tokens.js';
import { apiTokenRoute, sessionRoute } from './route-options.js';

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

/** One watermark operation: its path under /api/watermark/, its documentation, and how it runs for a caller. */
interface WatermarkRoute<B> {
  path: string;
  summary: string;
  body: TSchema;
  response: Record<number, TSchema>;
  run: (caller: WatermarkCaller, body: B) => Promise<unknown>;
}

export function watermarkRoutes(app: FastifyInstance, context: ServerContext): void {
  const { watermark } = context.domain;
  const CANNOT_READ = { 422: CannotReadResponse };

  /** Each operation at /api/watermark/… (API token) and, for the dashboard's checker, with the session. */
  const register = <B>(operation: WatermarkRoute<B>) => {
    const schema = { body: operation.body, response: operation.response };
    app.post<{ Body: B }>(
      `/api/watermark/${operation.path}`,
      apiTokenRoute(context, operation.summary, schema),
      async (request) => operation.run(tokenOf(request), request.body as B),
    );
    // the dashboard's checker: a signed-in person picks one of their tokens by name instead of pasting its secret
    app.post<{ Body: B; Params: TokenIdParams }>(
      `/api/v2/tokens/:tokenId/watermark/${operation.path}`,
      sessionRoute(
        context,
        'watermark',
        `As /api/watermark/${operation.path}, with the session, as one of your API tokens (its permissions, ` +
          'channel and charges); 404 for a token that is not yours',
        { ...schema, params: TokenIdParams, response: { ...schema.response, ...errors(402, 404, 429) } },
      ),
      async (request) =>
        operation.run({ userId: sessionOf(request).user.id, tokenId: request.params.tokenId }, request.body as B),
    );
  };

  register<EncodeBody>({
    path: 'encode',
    summary:
      'Hide a secret in text (variation selectors); needs the encode permission. A token created with sign signs ' +
      'the mark (`signature` in the answer); `bind_text` makes the signature cover the text too',
    body: EncodeBody,
    response: { 200: EncodeResponse },
    run: (caller, { bind_text, ...options }) =>
      watermark.encode(caller, { ...requirePatternIfNeeded(options), bindText: bind_text }),
  });
  register<EncodeRobustBody>({
    path: 'encode-robust',
    summary:
      'Hide a secret bit by bit (robust); needs encode. `visible_text`/`hidden_text` are accepted for text/secret',
    body: EncodeRobustBody,
    response: { 200: EncodeRobustResponse },
    run: (caller, body) => {
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
      } = body;
      const fields = requireFields(
        { text: text ?? visible_text, secret: secret ?? hidden_text },
        { text: ' (or visible_text)', secret: ' (or hidden_text)' },
      );
      return watermark.encodeRobust(caller, {
        text: fields.text,
        secret: fields.secret,
        distribution,
        stealthLevel: stealth_level,
        markWordEnds: mark_word_ends,
        lineEndsOnly: line_ends_only,
        bindText: bind_text,
      });
    },
  });
  register<DecodeBody>({
    path: 'decode',
    summary:
      'Recover every watermark (variation selectors and robust), each verified; needs decode. A keyed token ' +
      'answers only with keyed marks unless `accept_unkeyed`; unframed selector runs are listed in `raw_runs`, ' +
      'read only with `raw_runs: true`. `signature` says who signed the mark: the keys of ' +
      "/.well-known/wm-keys.json and the account's own are known",
    body: DecodeBody,
    response: { 200: DecodeResponse, ...CANNOT_READ },
    run: (caller, { text, raw_runs, accept_unkeyed }) =>
      watermark.decode(caller, { text, rawRuns: raw_runs, acceptUnkeyed: accept_unkeyed }),
  });
  register<DecodeRobustBody>({
    path: 'decode-robust',
    summary:
      'Recover a robust (bit-level) secret; needs decode. A keyed token answers only with keyed marks unless ' +
      '`accept_unkeyed`',
    body: DecodeRobustBody,
    response: { 200: DecodeRobustResponse, ...CANNOT_READ },
    run: (caller, { text, accept_unkeyed }) => watermark.decodeRobust(caller, { text, acceptUnkeyed: accept_unkeyed }),
  });
  register<AnalyzeBody>({
    path: 'analyze',
    summary: 'Count visible graphemes and hidden bytes; needs encode or decode',
    body: AnalyzeBody,
    response: { 200: AnalyzeResponse },
    run: (caller, { encoded, original }) => watermark.analyze(caller, { encoded, original }),
  });

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
