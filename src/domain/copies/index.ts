import type { DomainContext } from '../context.js';
import { meteredRunner, type WatermarkCaller } from '../watermark.js';
import type { CopiesOwner } from './documents.js';
import { issueCopies } from './issue.js';
import { listCopies } from './list.js';
import { previewCopies } from './preview.js';
import { traceCopies } from './trace.js';
import type {
  IssueCopiesInput,
  IssueCopiesResult,
  ListCopiesInput,
  ListCopiesResult,
  PreviewCopiesResult,
  TraceResult,
} from './types.js';

export type * from './types.js';
export { TRACE_VERDICTS } from './types.js';
export type { CopyMarks } from './marking.js';
export { MAX_COPIES_PER_ISSUE } from './validation.js';
export type { CopiesOwner } from './documents.js';
export { issueCopies, listCopies, previewCopies, traceCopies };

/**
 * Issued copies, for an API token (or a signed-in account naming one of its tokens), metered like the other
 * watermark operations: issue needs the encode permission, trace and list the decode permission; no token's key is
 * involved (copies are sealed with the account's copy-mark key). An issue is charged per copy and capped by the
 * plan (recipients × characters); a trace is charged once whatever it finds, except a text too short to trace; a
 * list and a preview of an issue with visible variants (its dry run) are free but still need a valid token (a
 * preview the encode permission, as the issue).
 */
export interface Copies {
  issue(caller: WatermarkCaller, input: IssueCopiesInput): Promise<IssueCopiesResult>;
  preview(caller: WatermarkCaller, input: IssueCopiesInput): Promise<PreviewCopiesResult>;
  trace(caller: WatermarkCaller, input: { text: string }): Promise<TraceResult>;
  list(caller: WatermarkCaller, input?: ListCopiesInput): Promise<ListCopiesResult>;
}

export function createCopies(context: DomainContext): Copies {
  const run = meteredRunner(context);
  const ownerOf = (caller: { userId: string; plan: CopiesOwner['plan'] }): CopiesOwner => ({
    userId: caller.userId,
    plan: caller.plan,
  });
  return {
    issue: (credential, input) =>
      run(
        credential,
        'issue-copies',
        (caller, job) => issueCopies(context, ownerOf(caller), input, job),
        () => true,
        Array.isArray(input?.recipients) ? Math.max(1, input.recipients.length) : 1,
      ),
    preview: (credential, input) =>
      run(
        credential,
        'issue-copies',
        (caller, job) => previewCopies(context, ownerOf(caller), input, job),
        () => false,
      ),
    trace: (credential, input) =>
      run(
        credential,
        'trace',
        (caller, job) => traceCopies(context, ownerOf(caller), input, job),
        (result) => result.verdict !== 'too_short',
      ),
    list: (credential, input) =>
      run(
        credential,
        'trace',
        (caller) => listCopies(context, ownerOf(caller), input),
        () => false,
      ),
  };
}
