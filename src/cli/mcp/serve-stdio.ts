import { createRemoteBackend } from '../../ops/remote-backend.js';
import type { OperationBackend } from '../../ops/backend.js';
import { localBackendFor } from '../codec/backend.js';
import type { KeySourceOptions } from '../codec/key.js';
import { runsRemotely, type RemoteOptions } from '../remote/options.js';
import type { VerifyingKeyOptions } from '../codec/signing-keys.js';
import { CliError, EXIT } from '../errors.js';
import { clientFor, resolveRemoteTarget } from '../remote/target.js';

export interface McpCommandOptions extends KeySourceOptions, RemoteOptions, VerifyingKeyOptions {
  /** offline: encode signs with the Ed25519 private key in this file */
  signKey?: string;
}

const log = (line: string) => process.stderr.write(`${line}\n`);

/** Offline (the local codec, keyed with a key file or a stored channel key) unless a server is named. */
async function backendFor(options: McpCommandOptions): Promise<{ backend: OperationBackend; where: string }> {
  if (runsRemotely(options)) {
    const offlineOnly = [options.keyFile, options.channel, options.user, options.signKey, options.keys];
    if (offlineOnly.some((value) => value !== undefined)) {
      throw new CliError(
        EXIT.USAGE,
        '--key-file, --channel, --user, --sign-key and --keys work offline only: on a server, a token bound to a ' +
          'channel is the key, and it signs when it was created with sign',
      );
    }
    const target = await resolveRemoteTarget(options);
    const client = clientFor(target);
    // the account is the token's: its issued copies are tools too
    return { backend: createRemoteBackend(client), where: `on ${target.server}` };
  }
  const backend = await localBackendFor(options);
  const { key, signingKey } = backend.keys;
  const modes = [key && 'keyed', signingKey && `signing as ${signingKey.keyId}`].filter(Boolean);
  return { backend, where: ['offline', ...modes].join(', ') };
}

/** `wm mcp`: the watermark tools for an AI assistant over stdin/stdout; logs go to stderr only. */
export async function runMcp(options: McpCommandOptions): Promise<void> {
  const { backend, where } = await backendFor(options);
  const { serveStdio } = await import('../../mcp/stdio.js');
  log(`wm mcp: serving the watermark tools over stdio, ${where}`);
  await serveStdio({ backend, log });
}
