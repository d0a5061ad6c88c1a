import type { MasterKeySource, Store } from '../store/index.js';
import { deriveKeys, tryOpenSealedKey } from './keys.js';

/** Channels whose sealed keys are tried at start: the newest, where a key from another installation shows first. */
const CHANNELS_TRIED = 20;

/** The master key does not open the channel keys stored in the database. CLI exit 4, like unusable data. */
export class MasterKeyMismatchError extends Error {
  override readonly name = 'MasterKeyMismatchError';
  readonly code = 'EMASTERKEY';
}

/**
 * Refuses a master key that cannot open the channel keys already in the database: every instance on a shared
 * database must use the key those were sealed with, and an instance with another one would otherwise start and
 * then fail every keyed request (and sign access tokens no other instance accepts).
 */
export async function checkMasterKey(store: Store, masterKey: Uint8Array, source: MasterKeySource): Promise<void> {
  const { channelWrap } = deriveKeys(masterKey);
  const tried = await store.channels.newestSealedKeys(CHANNELS_TRIED);
  const refused = tried.filter((channel) => !tryOpenSealedKey(channelWrap, channel.sealedKey, channel.id));
  if (refused.length === 0) return;
  const from = source.kind === 'environment' ? `from ${source.variable}` : `in ${source.file}`;
  throw new MasterKeyMismatchError(
    `the master key ${from} does not open the channel keys in the database (${refused.length} of the ` +
      `${tried.length} newest channels): every instance must use the master key the database was set up with`,
  );
}
