import { hexKeyFrom, installMasterKey, openDataFolder, pendingMasterKey, type Store } from '../store/index.js';
import { invalid } from './errors.js';
import { deriveKeys, openSealedKey, sealKey } from './keys.js';

export interface ResealResult {
  /** channel keys now sealed under the new master key */
  resealed: number;
  /** channel keys that already were (an interrupted earlier rotation to the same key) */
  alreadyResealed: number;
}

function opens(wrapKey: Uint8Array, sealed: Uint8Array, channelId: string): Uint8Array | undefined {
  try {
    return openSealedKey(wrapKey, sealed, channelId);
  } catch {
    return undefined;
  }
}

/**
 * Re-seals every channel key under the wrapping key derived from `newMaster`, in one unit of work: all channels or
 * none. The channel keys themselves do not change, so every keyed watermark stays readable. Access tokens are
 * signed with a key derived from the master key, so the old ones stop verifying once the new key is in use;
 * refresh tokens are stored as hashes and keep working.
 */
export function resealChannelKeys(store: Store, oldMaster: Uint8Array, newMaster: Uint8Array): Promise<ResealResult> {
  const oldWrap = deriveKeys(oldMaster).channelWrap;
  const newWrap = deriveKeys(newMaster).channelWrap;
  return store.transaction(async (tx) => {
    const result: ResealResult = { resealed: 0, alreadyResealed: 0 };
    for (const channel of await tx.channels.sealedKeys()) {
      const plain = opens(oldWrap, channel.sealedKey, channel.id);
      if (plain) {
        await tx.channels.replaceSealedKey(channel.id, sealKey(newWrap, plain, channel.id));
        result.resealed += 1;
      } else if (opens(newWrap, channel.sealedKey, channel.id)) {
        result.alreadyResealed += 1;
      } else {
        throw new Error(
          `the key of channel ${channel.id} opens with neither the current nor the new master key; nothing was changed`,
        );
      }
    }
    return result;
  });
}

export interface RotationResult extends ResealResult {
  home: string;
  /** where the new key now is: `master.key` (its path), or to be put in WM_MASTER_KEY by the operator */
  newKeyAt: { kind: 'file'; file: string } | { kind: 'environment'; variable: string; from: string };
}

/**
 * `wm db rotate-master-key`: a new master key for an existing data folder. The new key is the value of the variable
 * `newKeyVariable` (64 hex characters; required when the current key comes from WM_MASTER_KEY, since then no file
 * can be written), else a random one kept in a pending file until the database is re-sealed, so an interrupted
 * rotation can be run again. With the key in `master.key`, the file is replaced once the database is re-sealed.
 */
export async function rotateMasterKey(options: {
  home?: string;
  env?: NodeJS.ProcessEnv;
  newKeyVariable?: string;
}): Promise<RotationResult> {
  const env = options.env ?? process.env;
  const { newKeyVariable } = options;
  const opened = await openDataFolder({ home: options.home, env, create: false, lock: 'maintenance' });
  const { home, store, masterKey, masterKeySource: source, lock } = opened;
  let newKey: Buffer;
  let result: ResealResult;
  let newKeyAt: RotationResult['newKeyAt'];
  try {
    if (source.kind === 'environment' && !newKeyVariable) {
      throw invalid(
        { 'new-key-env': `required when the master key comes from ${source.variable}` },
        `the master key comes from ${source.variable}: put the new key in another variable, name it with ` +
          `--new-key-env NAME, then set ${source.variable} to it`,
      );
    }
    newKey = newKeyVariable ? hexKeyFrom(newKeyVariable, env[newKeyVariable]) : pendingMasterKey(home);
    if (newKey.equals(masterKey)) {
      throw invalid({ 'new-key': 'is the current key' }, 'the new master key is the current one');
    }
    result = await resealChannelKeys(store, masterKey, newKey);
    await store.close();
    // still under the lock: no server starts with the old key file and the re-sealed database
    newKeyAt =
      source.kind === 'environment'
        ? { kind: 'environment', variable: source.variable, from: newKeyVariable! }
        : { kind: 'file', file: installMasterKey(home, newKey, { pendingAlready: !newKeyVariable }) };
  } finally {
    await store.close();
    lock?.release();
  }
  return { ...result, home, newKeyAt };
}
