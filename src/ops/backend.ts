import type { CodecInputs, OperationName, OperationResults } from './operations.js';

/**
 * Where the operations run: the local codec (offline), a wm server over HTTP, or the domain inside `wm serve`.
 * Every backend takes an operation's input in the codec's names (CodecInputs: faces map the wire's names with
 * ./wire.ts), returns the result objects of ./operations.ts and throws its own typed errors (CodecError,
 * OperationFailure, DomainError), which each face turns into a message, an exit code or an HTTP answer.
 */
export interface OperationBackend {
  /** local: this process's codec; remote: a wm server through the HTTP client; server: the domain inside wm serve */
  readonly kind: 'local' | 'remote' | 'server';
  /** it runs the operations that need an account (a server's token, or offline a named account of the data folder) */
  readonly account: boolean;
  run<N extends OperationName>(name: N, input: CodecInputs[N]): Promise<OperationResults[N]>;
}

/** One function per operation; the backends are written as such tables, so none can miss an operation. */
export type OperationHandlers = {
  [N in OperationName]: (input: CodecInputs[N]) => OperationResults[N] | Promise<OperationResults[N]>;
};

export function backendOf(
  kind: OperationBackend['kind'],
  handlers: OperationHandlers,
  account: boolean,
): OperationBackend {
  return {
    kind,
    account,
    run: async (name, input) => handlers[name](input),
  };
}
