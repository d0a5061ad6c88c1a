import { MAX_REVEALED_HIDDEN } from '../domain/types.js';
import type { Watermark } from '../domain/watermark.js';
import { backendOf, type OperationBackend } from './backend.js';

/**
 * The operations inside `wm serve`, as the API token API_TOKEN: the domain authenticates, applies the token's
 * channel key and charges exactly as for the REST endpoint. strip and reveal have no endpoint: on a server they are
 * metered like analyze (either permission, a verified account), and reveal's answer is bounded.
 */
export function createDomainBackend(watermark: Watermark, apiToken: string): OperationBackend {
  // one request may hold a batch of calls: the bound on revealed segments is the request's, not each call's, and
  // its reveals run one after another so that each is bounded by what the ones before left
  let revealable = MAX_REVEALED_HIDDEN;
  let reveals: Promise<unknown> = Promise.resolve();
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
    strip: ({ text }) => watermark.strip(apiToken, { text }),
    reveal: ({ text }) => {
      const next = reveals.then(async () => {
        const result = await watermark.reveal(apiToken, { text }, revealable);
        revealable -= result.segments.filter((segment) => segment.hidden).length;
        return result;
      });
      reveals = next.catch(() => undefined);
      return next;
    },
  });
}
