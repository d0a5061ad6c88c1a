import type { Watermark } from '../domain/watermark.js';
import { backendOf, type OperationBackend } from './backend.js';

/**
 * The operations inside `wm serve`, as the API token API_TOKEN: the domain authenticates, applies the token's
 * channel key and charges exactly as for the REST endpoint. strip and reveal have no endpoint: on a server they are
 * metered like analyze (either permission, a verified account), and reveal's answer is bounded.
 */
export function createDomainBackend(watermark: Watermark, apiToken: string): OperationBackend {
  return backendOf('server', {
    encode: ({ text, secret, bind_text, ...options }) =>
      watermark.encode(apiToken, { text, secret, ...options, bindText: bind_text }),
    decode: ({ text }) => watermark.decode(apiToken, { text }),
    encode_robust: ({ text, secret, distribution, stealth_level, mark_word_ends, bind_text }) =>
      watermark.encodeRobust(apiToken, {
        text,
        secret,
        distribution,
        stealthLevel: stealth_level,
        markWordEnds: mark_word_ends,
        bindText: bind_text,
      }),
    decode_robust: ({ text }) => watermark.decodeRobust(apiToken, { text }),
    analyze: ({ encoded, original }) => watermark.analyze(apiToken, { encoded, original }),
    strip: ({ text }) => watermark.strip(apiToken, { text }),
    reveal: ({ text }) => watermark.reveal(apiToken, { text }),
  });
}
