import type { Watermark } from '../domain/watermark.js';
import { backendOf, type OperationBackend } from './backend.js';
import { keylessHandlers } from './local-backend.js';

/**
 * The operations inside `wm serve`, as the API token API_TOKEN: the domain authenticates, applies the token's
 * channel key and charges exactly as for the REST endpoint. strip and reveal have no endpoint and cost nothing.
 */
export function createDomainBackend(watermark: Watermark, apiToken: string): OperationBackend {
  return backendOf('server', {
    encode: ({ text, secret, bind_text, ...options }) =>
      watermark.encode(apiToken, { text, secret, ...options, bindText: bind_text }),
    decode: ({ text, raw_runs, accept_unkeyed }) =>
      watermark.decode(apiToken, { text, rawRuns: raw_runs, acceptUnkeyed: accept_unkeyed }),
    encode_robust: ({ text, secret, distribution, stealth_level, mark_word_ends, line_ends_only, bind_text }) =>
      watermark.encodeRobust(apiToken, {
        text,
        secret,
        distribution,
        stealthLevel: stealth_level,
        markWordEnds: mark_word_ends,
        lineEndsOnly: line_ends_only,
        bindText: bind_text,
      }),
    decode_robust: ({ text, accept_unkeyed }) =>
      watermark.decodeRobust(apiToken, { text, acceptUnkeyed: accept_unkeyed }),
    analyze: ({ encoded, original }) => watermark.analyze(apiToken, { encoded, original }),
    ...keylessHandlers,
  });
}
