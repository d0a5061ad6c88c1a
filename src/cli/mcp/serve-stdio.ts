import { createLocalBackend } from '../../ops/local-backend.js';
import { createRemoteBackend } from '../../ops/remote-backend.js';
import type { OperationBackend } from '../../ops/backend.js';
import { resolveKey, type KeySourceOptions } from '../codec/key.js';
import { runsRemotely, type RemoteOptions } from '../codec/on-server.js';
import { CliError, EXIT } from '../errors.js';
import { clientFor, resolveRemoteTarget } from '../remote/target.js';

export interface McpCommandOptions extends KeySourceOptions, RemoteOptions {}

const log = (line: string) => process.stderr.write(`${line}\n`);

/** Offline (the local codec, keyed with a key file or a stored channel key) unless a server is named. */
async function backendFor(options: McpCommandOptions): Promise<{ backend: OperationBackend; where: string }> {
  if (runsRemotely(options)) {
    if (options.keyFile !== undefined || options.channel !== undefined || options.user !== undefined) {
      throw new CliError(
        EXIT.USAGE,
        '--key-file, --channel and --user work offline only: on a server, a token bound to a channel is the key',
      );
    }
    const target = await resolveRemoteTarget(options);
    return { backend: createRemoteBackend(clientFor(target)), where: `on ${target.server}` };
  }
  const key = await resolveKey(options);
  return { backend: createLocalBackend(key), where: key ? 'offline, keyed' : 'offline' };
}

/** `wm mcp`: the watermark tools for an AI assistant over stdin/stdout; logs go to stderr only. */
export async function runMcp(options: McpCommandOptions): Promise<void> {
  const { backend, where } = await backendFor(options);
  const { serveStdio } = await import('../../mcp/stdio.js');
  log(`wm mcp: serving the watermark tools over stdio, ${where}`);
  await serveStdio({ backend, log });
}
