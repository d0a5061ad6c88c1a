import { accountHandlersOf } from '../../ops/account-handlers.js';
import type { OperationBackend } from '../../ops/backend.js';
import { createLocalBackend } from '../../ops/local-backend.js';
import { runsRemotely, type RemoteOptions } from '../remote/options.js';
import { CliError, EXIT } from '../errors.js';

/** Where `wm copies` and `wm trace` run: the data folder's database (offline), or a wm server. */
export interface CopiesOptions extends RemoteOptions {
  /** offline: the account whose copies these are */
  user?: string;
  database?: string;
}

/** The operations' backend, and the database it opened to close when done (offline). */
export interface CopiesBackend extends OperationBackend {
  close(): Promise<void>;
}

/** The backend the options ask for; offline-only options are refused on a server, before any input is read. */
export async function copiesBackendFor(options: CopiesOptions): Promise<CopiesBackend> {
  if (runsRemotely(options)) {
    if (options.user !== undefined || options.database !== undefined) {
      throw new CliError(
        EXIT.USAGE,
        '--user and --database work offline only: on a server, the API token is the account',
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
  const { openDomain } = await import('../../data-folder/open-domain.js');
  const opened = await openDomain({ home: options.home, database: options.database });
  try {
    // the codec in this process, with the account's copies in the data folder's domain
    const account = accountHandlersOf(await opened.domain.admin.accountOperations(email));
    const backend = createLocalBackend({}, account);
    return { ...backend, close: () => opened.close() };
  } catch (error) {
    await opened.close();
    throw error;
  }
}

async function remoteBackend(options: CopiesOptions): Promise<CopiesBackend> {
  const { clientFor, resolveRemoteTarget } = await import('../remote/target.js');
  const { createRemoteBackend } = await import('../../ops/remote-backend.js');
  const backend = createRemoteBackend(clientFor(await resolveRemoteTarget(options)));
  return { ...backend, close: async () => undefined };
}
