import type { DomainContext } from '../context.js';
import { meteredRunner, type WatermarkCaller } from '../watermark.js';
import { issueCopies, listCopies, traceCopies, type CopiesOwner } from './owner-copies.js';
import type { IssueCopiesInput, IssueCopiesResult, ListCopiesResult, TraceResult } from './types.js';

export type * from './types.js';
export { TRACE_VERDICTS } from './types.js';
export type { CopyMarks } from './marking.js';
export { MAX_COPIES_PER_ISSUE } from './validation.js';
export { issueCopies, listCopies, traceCopies, type CopiesOwner } from './owner-copies.js';

/**
 * Issued copies, for an API token (or a signed-in account naming one of its tokens), metered like the other
 * watermark operations: issue needs the encode permission and a token bound to a channel (its key seals the
 * marks), trace and list the decode permission. An issue is one charge whatever the number of recipients; a trace
 * is charged when it names a recipient or a document; a list is free but still needs a valid token.
 */
export interface Copies {
  issue(caller: WatermarkCaller, input: IssueCopiesInput): Promise<IssueCopiesResult>;
  trace(caller: WatermarkCaller, input: { text: string }): Promise<TraceResult>;
  list(caller: WatermarkCaller, input?: { document_id?: number }): Promise<ListCopiesResult>;
}

export function createCopies(context: DomainContext): Copies {
  const run = meteredRunner(context);
  return {
    issue: (credential, input) =>
      run(credential, 'issue-copies', (caller, job) => {
        const channel = caller.keyedToken && caller.key ? { channelId: caller.channelId!, key: caller.key } : undefined;
        const owner: CopiesOwner = { userId: caller.userId, channel };
        return issueCopies(context, owner, input, job);
      }),
    trace: (credential, input) =>
      run(
        credential,
        'trace',
        (caller, job) => traceCopies(context, { userId: caller.userId }, input, job),
        (result) => result.verdict !== 'not_found',
      ),
    list: (credential, input) =>
      run(
        credential,
        'trace',
        (caller) => listCopies(context, { userId: caller.userId }, input),
        () => false,
      ),
  };
}
