import type { AccountHandlers } from '../../ops/account-handlers.js';
import type { OperationBackend } from '../../ops/backend.js';
import { createLocalBackend, type LocalKeys } from '../../ops/local-backend.js';
import { resolveKey, type KeySourceOptions } from './key.js';
import { serverBackendFor, type ServerRunOptions } from './on-server.js';
import { resolveSigning, resolveVerifyingKeys, type VerifyingKeyOptions } from './signing-keys.js';

export type LocalBackendOptions = KeySourceOptions & VerifyingKeyOptions & { signKey?: string; seed?: number };

/**
 * The local codec's backend, its keys and the key files' names resolved from the options; `account`: the operations
 * on an account's records (`wm mcp`'s copies tools), refused without it.
 */
export async function localBackendFor(
  options: LocalBackendOptions,
  account?: AccountHandlers,
): Promise<OperationBackend & { keys: LocalKeys }> {
  const keys: LocalKeys = {
    key: await resolveKey(options),
    signingKey: (await resolveSigning(options)).signingKey,
    keys: await resolveVerifyingKeys(options),
    seed: options.seed,
  };
  return { ...createLocalBackend(keys, account), keys };
}

/**
 * Where a codec command runs its operation: on the server the options (or WM_SERVER) name, or in the local codec
 * with the keys they name. `beforeLocal` runs between the two (a command resolves its secret there, so that offline
 * a missing secret is reported before any key file is read, and on a server after the server is known).
 */
export async function backendFor(
  options: ServerRunOptions & LocalBackendOptions,
  beforeLocal?: () => Promise<void>,
): Promise<OperationBackend & { keys?: LocalKeys }> {
  const server = await serverBackendFor(options);
  await beforeLocal?.();
  return server ?? (await localBackendFor(options));
}
