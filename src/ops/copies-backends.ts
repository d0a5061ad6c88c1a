import type { WmClient } from '../client/client.js';
import type { Copies } from '../domain/copies/index.js';
import type { WatermarkCaller } from '../domain/watermark.js';
import {
  COPIES_OPERATIONS,
  type CopiesOperationInputs,
  type CopiesOperationName,
  type CopiesOperationResults,
} from './copies.js';
import { failureOfClientError } from './failure.js';

/** Where the copies operations run: the domain (offline in the data folder, or inside wm serve), or a wm server. */
export interface CopiesBackend {
  run<N extends CopiesOperationName>(name: N, input: CopiesOperationInputs[N]): Promise<CopiesOperationResults[N]>;
}

type CopiesHandlers = {
  [N in CopiesOperationName]: (input: CopiesOperationInputs[N]) => Promise<CopiesOperationResults[N]>;
};

const backendOf = (handlers: CopiesHandlers): CopiesBackend => ({ run: (name, input) => handlers[name](input) });

/** The domain's copies for one caller (an API token inside wm serve), metered as REST is. */
export const createCopiesDomainBackend = (copies: Copies, caller: WatermarkCaller): CopiesBackend =>
  backendOf({
    issue_copies: (input) => copies.issue(caller, input),
    trace: (input) => copies.trace(caller, input),
    list_copies: (input) => copies.list(caller, input),
  });

/** An account's copies without a credential (the operator's own data folder): the same three calls. */
export const createCopiesOwnerBackend = (copies: {
  issue: CopiesHandlers['issue_copies'];
  trace: CopiesHandlers['trace'];
  list: CopiesHandlers['list_copies'];
}): CopiesBackend => backendOf({ issue_copies: copies.issue, trace: copies.trace, list_copies: copies.list });

/** A GET's input as its query string. */
const queryOf = (input: object): string => {
  const entries = Object.entries(input).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return '';
  return `?${new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
};

/** The copies of a wm server through the HTTP client; failures are OperationFailures. */
export const createCopiesRemoteBackend = (client: WmClient): CopiesBackend => ({
  run: async (name, input) => {
    const { method, path } = COPIES_OPERATIONS[name];
    try {
      return method === 'GET' ? await client.get(`${path}${queryOf(input)}`) : await client.post(path, input);
    } catch (error) {
      throw failureOfClientError(error);
    }
  },
});
