import type { OperationBackend } from '../../ops/backend.js';
import { runsRemotely, type ServerRunOptions } from '../remote/options.js';

export type { RemoteOptions, ServerRunOptions } from '../remote/options.js';

/**
 * The backend of a server when the options (or WM_SERVER) ask for one: the server and token are resolved, and
 * offline-only options refused, before any input is read. Undefined: run locally. The HTTP client is loaded only
 * here.
 */
export async function serverBackendFor(options: ServerRunOptions): Promise<OperationBackend | undefined> {
  if (!runsRemotely(options)) return undefined;
  return (await import('../remote/run-on-server.js')).serverBackend(options);
}
