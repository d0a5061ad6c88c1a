import { createRemoteBackend } from '../../ops/remote-backend.js';
import type { OperationBackend } from '../../ops/backend.js';
import type { ServerRunOptions } from './options.js';
import { CliError, EXIT } from '../errors.js';
import { clientFor, resolveRemoteTarget } from './target.js';

/** Options that mean something offline only: on a server the token's channel is the key, and it draws the seed. */
function refuseOfflineOptions(options: ServerRunOptions): void {
  if (options.keyFile !== undefined || options.channel !== undefined || options.user !== undefined) {
    throw new CliError(
      EXIT.USAGE,
      '--key-file, --channel and --user work offline only: on a server, a token bound to a channel is the key',
    );
  }
  if (options.seed !== undefined) throw new CliError(EXIT.USAGE, '--seed works offline only');
  if (options.signKey !== undefined || options.keys !== undefined) {
    throw new CliError(
      EXIT.USAGE,
      '--sign-key and --keys work offline only: on a server, an API token created with sign signs (--bind-text ' +
        'asks it to bind the text), and the server verifies with the keys it publishes and your own',
    );
  }
}

export async function serverBackend(options: ServerRunOptions): Promise<OperationBackend> {
  refuseOfflineOptions(options);
  return createRemoteBackend(clientFor(await resolveRemoteTarget(options)));
}
