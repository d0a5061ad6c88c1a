import type { AccountRunner } from '../../domain/account-operations.js';
import { isDomainError } from '../../domain/errors.js';
import { accountHandlersOf } from '../../ops/account-handlers.js';
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

/**
 * The copies tools offline, on the data folder's operator account (or, with --channel and --user, that account's
 * copies, as `wm copies --user`): its code is loaded on the first call, so a start that uses none never reads it.
 */
const offlineCopies =
  (options: McpCommandOptions): AccountRunner =>
  async (name, input) => {
    const { offlineAccountRunner } = await import('../copies/offline-account.js');
    return offlineAccountRunner({ user: options.user, home: options.home, database: options.database }, log)(
      name,
      input,
    );
  };

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
  const backend = await localBackendFor(options, accountHandlersOf(offlineCopies(options)));
  const { key, signingKey } = backend.keys;
  const modes = [key && 'keyed', signingKey && `signing as ${signingKey.keyId}`].filter(Boolean);
  return { backend, where: ['offline', ...modes].join(', ') };
}

/** `wm mcp`: the watermark tools for an AI assistant over stdin/stdout; logs go to stderr only. */
export async function runMcp(options: McpCommandOptions): Promise<void> {
  const { backend, where } = await backendFor(options);
  const { serveStdio } = await import('../../mcp/stdio.js');
  log(`wm mcp: serving the watermark tools over stdio, ${where}`);
  await serveStdio({ backend, log, describeFailure: describeDataFolderFailure });
}

/**
 * Offline, the copies tools' refusals by the data folder (an account rule: a text too short to issue, an unknown
 * --user or document) in their own words, as `wm copies` prints them; anything else is the tools' own or unexpected.
 */
const describeDataFolderFailure = (error: unknown): string | undefined =>
  isDomainError(error) || (error instanceof Error && error.name === 'MissingDataError') ? error.message : undefined;
