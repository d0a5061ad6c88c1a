import { accountHandlersOf } from '../../ops/account-handlers.js';
import type { OperationBackend } from '../../ops/backend.js';
import { createLocalBackend } from '../../ops/local-backend.js';
import { offlineAccountRunner } from './offline-account.js';
import { runsRemotely, type RemoteOptions } from '../remote/options.js';
import { CliError, EXIT } from '../errors.js';

/** Where `wm copies` and `wm trace` run: the data folder's database (offline), or a wm server. */
export interface CopiesOptions extends RemoteOptions {
  /** offline: the account whose copies these are (default: the data folder's operator account) */
  user?: string;
  database?: string;
}

const toStderr = (line: string) => process.stderr.write(`${line}\n`);

/**
 * The backend the options ask for; offline-only options are refused on a server, before any input is read.
 * `notice`: where an offline run says what it made (the operator account, on a first issue).
 */
export async function copiesBackendFor(
  options: CopiesOptions,
  notice: (line: string) => void = toStderr,
): Promise<OperationBackend> {
  if (runsRemotely(options)) {
    if (options.user !== undefined || options.database !== undefined) {
      throw new CliError(
        EXIT.USAGE,
        '--user and --database work offline only: on a server, the API token is the account',
      );
    }
    return remoteBackend(options);
  }
  // the codec in this process, with the account's copies in the data folder (its operator's without --user)
  return createLocalBackend({}, accountHandlersOf(offlineAccountRunner(options, notice)));
}

async function remoteBackend(options: CopiesOptions): Promise<OperationBackend> {
  const { clientFor, resolveRemoteTarget } = await import('../remote/target.js');
  const { createRemoteBackend } = await import('../../ops/remote-backend.js');
  return createRemoteBackend(clientFor(await resolveRemoteTarget(options)));
}
