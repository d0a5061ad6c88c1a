import { WmClient } from '../../client/client.js';
import type { RemoteOptions } from './options.js';
import { CliError, EXIT } from '../errors.js';
import { readStoredLogin, requireStoredLogin } from './stored-login.js';

export { runsRemotely, type RemoteOptions } from './options.js';

export interface RemoteTarget {
  server: string;
  token: string;
}

/**
 * The server and API token: --remote takes both from the stored login; otherwise the server is --server, else
 * WM_SERVER, and the token --token, else WM_TOKEN, else the stored login's when it is for the same server.
 */
export async function resolveRemoteTarget(
  options: RemoteOptions,
  env: NodeJS.ProcessEnv = process.env,
): Promise<RemoteTarget> {
  if (options.remote) {
    if (options.server !== undefined || options.token !== undefined) {
      throw new CliError(EXIT.USAGE, '--remote uses the stored login: give either it or --server/--token');
    }
    const login = await requireStoredLogin(options.home);
    return { server: login.server, token: login.token };
  }
  const server = options.server ?? env.WM_SERVER;
  if (!server)
    throw new CliError(EXIT.USAGE, 'no server: give --server URL, set WM_SERVER or use --remote after wm login');
  const normalised = new WmClient({ server }).server;
  const token = options.token ?? (env.WM_TOKEN || undefined) ?? (await storedTokenFor(normalised, options.home));
  if (!token) {
    throw new CliError(
      EXIT.USAGE,
      `no API token for ${normalised}: give --token, set WM_TOKEN or run wm login --server ${normalised}`,
    );
  }
  return { server: normalised, token };
}

async function storedTokenFor(server: string, home: string | undefined): Promise<string | undefined> {
  const login = await readStoredLogin(home);
  return login?.server === server ? login.token : undefined;
}

export const clientFor = (target: RemoteTarget): WmClient => new WmClient(target);
