import type { OperationBackend } from '../../ops/backend.js';

/** How a codec command names its server: --server and --token, WM_SERVER and WM_TOKEN, or --remote (stored login). */
export interface RemoteOptions {
  server?: string;
  token?: string;
  remote?: boolean;
  home?: string;
}

/** Whether the command runs on a server rather than the local codec; cheap, so offline runs load nothing more. */
export const runsRemotely = (options: RemoteOptions, env: NodeJS.ProcessEnv = process.env): boolean =>
  options.server !== undefined || options.remote === true || Boolean(env.WM_SERVER);

export type ServerRunOptions = RemoteOptions & {
  keyFile?: string;
  channel?: string;
  user?: string;
  seed?: number;
  signKey?: string;
  bindText?: boolean;
  keys?: string[];
};

/**
 * The backend of a server when the options (or WM_SERVER) ask for one: the server and token are resolved, and
 * offline-only options refused, before any input is read. Undefined: run locally. The HTTP client is loaded only
 * here.
 */
export async function serverBackendFor(options: ServerRunOptions): Promise<OperationBackend | undefined> {
  if (!runsRemotely(options)) return undefined;
  return (await import('../remote/run-on-server.js')).serverBackend(options);
}
