import type { AccountOwner } from './account-owner.js';
import type { DomainContext } from './context.js';
import { existingCopiesKeys } from './copies/account-keys.js';
import { documentRowId } from './copies/documents.js';
import { issueCopies } from './copies/issue.js';
import { listCopies, listOfNoCopies } from './copies/list.js';
import { previewCopies } from './copies/preview.js';
import { traceCopies, traceOfNoCopies } from './copies/trace.js';
import type { ListCopiesInput, ListCopiesResult } from './copies/types.js';
import { DomainError } from './errors.js';
import type { AccountOperationName } from './operation-rules.js';
import { meteredRunner, type WatermarkCaller } from './watermark.js';
import type { RunJob } from './work/runner.js';

/** An operation on an account's records: its work, and what a success of it is charged as. */
interface AccountOperation<Input, Result> {
  /** the work, on the owner's records; what grows with the input runs as jobs (./work/), by default in this thread */
  run(context: DomainContext, owner: AccountOwner, input: Input, job?: RunJob): Promise<Result>;
  /** what a success is charged as, in operations (default 1): an issue, one per copy */
  units?(input: Input): number;
  /** whether a result is a success to charge (default: every one); an operation its rule never charges is free */
  charged?(result: Result): boolean;
  /**
   * its answer for an account that never issued anything, where nothing may be made (offline: a data folder
   * without its operator account, or without a database yet); without it, the operation is never run that way
   */
  ofNoRecords?(input: Input): Result;
}

/** An entry of the table, its input and result types those of its work. */
const operation = <Input, Result>(entry: AccountOperation<Input, Result>) => entry;

/**
 * The operations on an account's records, once, keyed by their names (./operation-rules.ts, which says each one's
 * permissions and whether it is charged): the domain's one interface of them. A server runs them for an API token,
 * authorised, metered and charged like the watermark operations (createAccountOperations); offline the operator runs
 * them on a named account's own data, free and uncapped (operatorRunner, through Admin). Each face reaches them by
 * name through an AccountRunner, so a new one needs its entry here and its row (src/ops/operations.ts), no wiring.
 */
export const ACCOUNT_OPERATIONS = {
  issue_copies: operation({
    run: issueCopies,
    // the input is the schema's, but a caller of the domain may pass anything: one charge at least
    units: (input) => (Array.isArray(input?.recipients) ? Math.max(1, input.recipients.length) : 1),
  }),
  // the dry run of an issue: the plan's cap applies, nothing is recorded (docs/TRACING.md, "Visible variants");
  // its copies' differences are drawn with the account's keys, so it never runs without records
  preview_copies: operation({ run: previewCopies }),
  trace: operation({
    run: traceCopies,
    charged: (result) => result.verdict !== 'too_short',
    ofNoRecords: traceOfNoCopies,
  }),
  list_copies: operation({ run: listCopies, ofNoRecords: listOfNoCopies }),
  // the document's records deleted, answered one last time as list shows them (docs/TRACING.md, "Forgetting")
  forget_document: operation({ run: forgetDocument, ofNoRecords: listOfNoCopies }),
} satisfies { [N in AccountOperationName]: unknown };

/**
 * Deletes the owner's document and everything recorded of it (its copies and recipients, its fingerprint, its
 * variant record); its copies' marks then name no one. NOT_FOUND when it is not the owner's, or already forgotten.
 */
async function forgetDocument(
  context: DomainContext,
  owner: AccountOwner,
  input: Required<ListCopiesInput>,
): Promise<ListCopiesResult> {
  const forgotten = await listCopies(context, owner, input);
  const keys = await existingCopiesKeys(context, owner.userId);
  const id = keys && documentRowId(keys, input.document_id);
  const deleted =
    id !== undefined && (await context.store.transaction((tx) => tx.copies.deleteDocument(owner.userId, id)));
  // forgotten meanwhile by another call: one of them deleted it
  if (!deleted) throw new DomainError('NOT_FOUND', 'You have no document with this id');
  return forgotten;
}

type Table = typeof ACCOUNT_OPERATIONS;
/** Each account operation's input, as its shapes (./shapes/) and the wire name its fields. */
export type AccountInputs = { [N in AccountOperationName]: Parameters<Table[N]['run']>[2] };
/** Each account operation's result: the Static<> of its result shape. */
export type AccountResults = { [N in AccountOperationName]: Awaited<ReturnType<Table[N]['run']>> };

/** Runs an account operation of one account (for one caller), by name. */
export type AccountRunner = <N extends AccountOperationName>(
  name: N,
  input: AccountInputs[N],
) => Promise<AccountResults[N]>;

export interface AccountOperations {
  /**
   * Runs NAME for an API token, or a signed-in account naming one of its tokens: the token's permission, the
   * account's quota and credits, and the plan's caps apply; a success is charged as the operation says. No token's
   * key is involved: copies are sealed with the account's copy-mark key.
   */
  forCaller(caller: WatermarkCaller): AccountRunner;
}

const entryOf = <N extends AccountOperationName>(name: N) =>
  ACCOUNT_OPERATIONS[name] as unknown as AccountOperation<AccountInputs[N], AccountResults[N]>;

export function createAccountOperations(context: DomainContext): AccountOperations {
  const run = meteredRunner(context);
  return {
    forCaller: (credential) => (name, input) => {
      const operation = entryOf(name);
      return run(
        credential,
        name,
        (caller, job) => operation.run(context, { userId: caller.userId, plan: caller.plan }, input, job),
        (result) => operation.charged?.(result) ?? true,
        operation.units?.(input) ?? 1,
      );
    },
  };
}

/** The account operations on USERID's own records, for the operator (offline `wm copies`, `wm trace`): free. */
export const operatorRunner =
  (context: DomainContext, userId: string): AccountRunner =>
  (name, input) =>
    entryOf(name).run(context, { userId }, input);

/**
 * The account operations where no copies were ever issued and nothing may be made (offline: reading a data folder
 * that has no operator account, or no database yet): each answers as for an account without records (its
 * `ofNoRecords`). An issue records its copies, and its preview draws them with the account's keys: neither runs so.
 */
export const noCopiesRunner: AccountRunner = async (name, input) => {
  const entry = entryOf(name);
  if (!entry.ofNoRecords) throw new Error(`${name} runs on an opened data folder, with the account's records`);
  return entry.ofNoRecords(input);
};
