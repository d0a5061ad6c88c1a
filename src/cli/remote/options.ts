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
  keys?: string[];
};
