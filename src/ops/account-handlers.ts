import type { AccountInputs, AccountRunner } from '../domain/account-operations.js';
import { ACCOUNT_OPERATION_NAMES, type AccountOperationName } from '../domain/operation-rules.js';
import type { OperationHandlers } from './backend.js';
import { inputFieldsOf } from './input-fields.js';
import type { CodecInputs } from './operations.js';
import { wireInputOf } from './wire.js';

/** The operations that need an account, one function each. */
export type AccountHandlers = Pick<OperationHandlers, AccountOperationName>;

/**
 * The account operations of one account, each run by name on RUN (the domain's: inside wm serve for a token,
 * offline for a named account) with its input back in the wire's names, which the domain's shapes use.
 */
export function accountHandlersOf(run: AccountRunner): AccountHandlers {
  const handlerOf =
    <N extends AccountOperationName>(name: N) =>
    (input: CodecInputs[N]) =>
      run(name, wireInputOf(input, inputFieldsOf(name)) as AccountInputs[N]);
  return Object.fromEntries(ACCOUNT_OPERATION_NAMES.map((name) => [name, handlerOf(name)])) as AccountHandlers;
}
