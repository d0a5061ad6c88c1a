import type { OperatorCopies } from '../../domain/admin.js';
import {
  COPIES_OPERATIONS,
  type CopiesOperationInputs,
  type CopiesOperationName,
  type CopiesOperationResults,
} from '../../ops/copies.js';
import { failureOfClientError } from '../../ops/failure.js';
import { runsRemotely, type RemoteOptions } from '../codec/on-server.js';
import { CliError, EXIT } from '../errors.js';

/** Where `wm copies` and `wm trace` run: the data folder's database (offline), or a wm server. */
export interface CopiesOptions extends RemoteOptions {
  /** offline: the account whose copies these are */
  user?: string;
  /** offline, issue: the channel whose key seals the marks (default: the user's only active channel) */
  channel?: string;
  database?: string;
}

export interface CopiesBackend {
  run<N extends CopiesOperationName>(name: N, input: CopiesOperationInputs[N]): Promise<CopiesOperationResults[N]>;
  close(): Promise<void>;
}

/** The backend the options ask for; offline-only options are refused on a server, before any input is read. */
export async function copiesBackendFor(options: CopiesOptions): Promise<CopiesBackend> {
  if (runsRemotely(options)) {
    if (options.user !== undefined || options.channel !== undefined || options.database !== undefined) {
      throw new CliError(
        EXIT.USAGE,
        '--user, --channel and --database work offline only: on a server, the API token is the account and its ' +
          'channel the key',
      );
    }
    return remoteBackend(options);
  }
  if (!options.user) {
    throw new CliError(
      EXIT.USAGE,
      'offline, name the account: --user EMAIL (with --home or --database), or run on a server with --server/--remote',
    );
  }
  return localBackend(options, options.user);
}

async function localBackend(options: CopiesOptions, email: string): Promise<CopiesBackend> {
  const { openDomain } = await import('../../domain/open-domain.js');
  const opened = await openDomain({ home: options.home, database: options.database });
  let copies: OperatorCopies;
  try {
    copies = await opened.domain.admin.copies(email, options.channel);
  } catch (error) {
    await opened.close();
    throw error;
  }
  const handlers: {
    [N in CopiesOperationName]: (input: CopiesOperationInputs[N]) => Promise<CopiesOperationResults[N]>;
  } = {
    issue_copies: (input) => copies.issue(input),
    trace: (input) => copies.trace(input),
    list_copies: (input) => copies.list(input),
  };
  return {
    run: (name, input) => handlers[name](input),
    close: () => opened.close(),
  };
}

/** A GET's input as its query string. */
const queryOf = (input: object): string => {
  const entries = Object.entries(input).filter(([, value]) => value !== undefined);
  return entries.length === 0
    ? ''
    : `?${new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
};

async function remoteBackend(options: CopiesOptions): Promise<CopiesBackend> {
  const { clientFor, resolveRemoteTarget } = await import('../remote/target.js');
  const client = clientFor(await resolveRemoteTarget(options));
  return {
    run: async (name, input) => {
      const { method, path } = COPIES_OPERATIONS[name];
      try {
        return method === 'GET' ? await client.get(`${path}${queryOf(input)}`) : await client.post(path, input);
      } catch (error) {
        throw failureOfClientError(error);
      }
    },
    close: async () => undefined,
  };
}
