import type { AccountOperations } from '../domain/account-operations.js';
import { MAX_REVEALED_CHARACTERS, MAX_REVEALED_HIDDEN } from '../domain/types.js';
import type { Watermark, WatermarkCaller } from '../domain/watermark.js';
import { accountHandlersOf } from './account-handlers.js';
import { backendOf, type OperationBackend } from './backend.js';

/**
 * The operations inside `wm serve`, for one caller (an API token, or a signed-in account naming one of its tokens):
 * the domain authenticates, applies the token's channel key and charges. REST and /mcp both run the operations
 * through this backend. strip and reveal have no REST endpoint: on a server they are metered like analyze (either
 * permission, a verified account), and reveal's answer is bounded.
 */
export function createDomainBackend(
  { watermark, accountOperations }: { watermark: Watermark; accountOperations: AccountOperations },
  caller: WatermarkCaller,
): OperationBackend {
  // one request may hold a batch of calls: the bounds on what reveal shows are the request's, not each call's, and
  // its reveals run one after another so that each is bounded by what the ones before left
  const revealable = { hidden: MAX_REVEALED_HIDDEN, characters: MAX_REVEALED_CHARACTERS };
  let reveals: Promise<unknown> = Promise.resolve();
  return backendOf(
    'server',
    {
      encode: (input) => watermark.encode(caller, input),
      decode: (input) => watermark.decode(caller, input),
      encode_robust: (input) => watermark.encodeRobust(caller, input),
      decode_robust: (input) => watermark.decodeRobust(caller, input),
      analyze: (input) => watermark.analyze(caller, input),
      c2pa_sign: (input) => watermark.c2paSign(caller, input),
      strip: (input) => watermark.strip(caller, input),
      reveal: (input) => {
        const next = reveals.then(async () => {
          const result = await watermark.reveal(caller, input, { ...revealable });
          revealable.hidden -= result.segments.filter((segment) => segment.hidden).length;
          revealable.characters -= input.text.length;
          return result;
        });
        reveals = next.catch(() => undefined);
        return next;
      },
      ...accountHandlersOf(accountOperations.forCaller(caller)),
    },
    true,
  );
}
