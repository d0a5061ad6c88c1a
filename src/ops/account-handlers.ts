import type { IssueCopiesResult, ListCopiesResult, TraceResult } from '../domain/copies/types.js';
import type { OperationHandlers } from './backend.js';
import { inputFieldsOf } from './input-fields.js';
import { type AccountOperationName, type CodecInputs, type OperationInputs } from './operations.js';
import { wireInputOf } from './wire.js';

/** The operations that need an account, one function each. */
export type AccountHandlers = Pick<OperationHandlers, AccountOperationName>;

/** One account's issued copies as the domain offers them, inputs in the wire's names (docs/TRACING.md). */
export interface AccountCopies {
  issue(input: OperationInputs['issue_copies']): Promise<IssueCopiesResult>;
  trace(input: OperationInputs['trace']): Promise<TraceResult>;
  list(input: OperationInputs['list_copies']): Promise<ListCopiesResult>;
}

const wire = <N extends AccountOperationName>(name: N, input: CodecInputs[N]) =>
  wireInputOf(input, inputFieldsOf(name)) as OperationInputs[N];

/** The account operations on one account's copies: inside wm serve for a token, offline for a named account. */
export const accountHandlersOf = (copies: AccountCopies): AccountHandlers => ({
  issue_copies: (input) => copies.issue(wire('issue_copies', input)),
  trace: (input) => copies.trace(wire('trace', input)),
  list_copies: (input) => copies.list(wire('list_copies', input)),
});
