import { hexKeyFrom, installMasterKey, openDataFolder, pendingMasterKey, type Store } from '../store/index.js';
import { invalid } from '../domain/errors.js';
import { fingerprintSealContext } from '../domain/copies/account-keys.js';
import { deriveKeys, sealKey, tryOpenSealedKey } from '../domain/keys.js';
import { c2paSealContext } from '../domain/c2pa-certificates.js';
import { signingSealContext } from '../domain/signing-keys.js';

export interface ResealResult {
  /** channel keys now sealed under the new master key */
  resealed: number;
  /** channel keys that already were (an interrupted earlier rotation to the same key) */
  alreadyResealed: number;
  /** the same for the channels' signing keys (private seeds) */
  signingKeys: { resealed: number; alreadyResealed: number };
  /** the same for the accounts' fingerprint keys (issued copies) */
  fingerprintKeys: { resealed: number; alreadyResealed: number };
  /** the same for the channels' C2PA signing keys */
  c2paKeys: { resealed: number; alreadyResealed: number };
}

interface Sealed {
  /** what the error names */
  what: string;
  sealed: Uint8Array;
  /** the associated data it was sealed with */
  context: string;
  replace(sealed: Uint8Array): Promise<void>;
}

/**
 * Seals each key anew under `newWrap`; one that opens only with `newWrap` already was. One that opens with neither
 * stops the rotation (the caller's unit of work then keeps nothing).
 */
async function reseal(
  keys: Sealed[],
  oldWrap: Uint8Array,
  newWrap: Uint8Array,
): Promise<{ resealed: number; alreadyResealed: number }> {
  const counts = { resealed: 0, alreadyResealed: 0 };
  for (const key of keys) {
    const plain = tryOpenSealedKey(oldWrap, key.sealed, key.context);
    if (plain) {
      await key.replace(sealKey(newWrap, plain, key.context));
      plain.fill(0);
      counts.resealed += 1;
    } else if (tryOpenSealedKey(newWrap, key.sealed, key.context)) {
      counts.alreadyResealed += 1;
    } else {
      throw new Error(`${key.what} opens with neither the current nor the new master key; nothing was changed`);
    }
  }
  return counts;
}

/**
 * Re-seals every channel key, signing key and fingerprint key under the wrapping key derived from `newMaster`, in
 * one unit of work: all keys or none. The keys themselves do not change, so every keyed watermark stays readable,
 * every signing key keeps its id and public key, and every fingerprint stays comparable. Access tokens are signed
 * with a key derived from the master key, so the old ones stop verifying once the new key is in use; refresh tokens
 * are stored as hashes and keep working.
 */
export function resealChannelKeys(store: Store, oldMaster: Uint8Array, newMaster: Uint8Array): Promise<ResealResult> {
  const oldWrap = deriveKeys(oldMaster).channelWrap;
  const newWrap = deriveKeys(newMaster).channelWrap;
  return store.transaction(async (tx) => {
    const channelKeys = (await tx.channels.sealedKeys()).map((channel): Sealed => ({
      what: `the key of channel ${channel.id}`,
      sealed: channel.sealedKey,
      context: channel.id,
      replace: (sealed) => tx.channels.replaceSealedKey(channel.id, sealed),
    }));
    const signingKeys = (await tx.signingKeys.sealedSeeds()).map((key): Sealed => ({
      what: `signing key ${key.keyId} of channel ${key.channelId}`,
      sealed: key.sealedSeed,
      context: signingSealContext(key.channelId, key.keyId),
      replace: (sealed) => tx.signingKeys.replaceSealedSeed(key.keyId, sealed),
    }));
    const c2paKeys = (await tx.c2paCertificates.sealedKeys()).map((row): Sealed => ({
      what: `the C2PA signing key of channel ${row.channelId}`,
      sealed: row.sealedKey,
      context: c2paSealContext(row.channelId),
      replace: (sealed) => tx.c2paCertificates.replaceSealedKey(row.channelId, sealed),
    }));
    const fingerprintKeys = (await tx.copies.sealedFingerprintKeys()).map((key): Sealed => ({
      what: `the fingerprint key of account ${key.ownerId}`,
      sealed: key.sealedKey,
      context: fingerprintSealContext(key.ownerId),
      replace: (sealed) => tx.copies.replaceSealedFingerprintKey(key.ownerId, sealed),
    }));
    const channels = await reseal(channelKeys, oldWrap, newWrap);
    return {
      ...channels,
      signingKeys: await reseal(signingKeys, oldWrap, newWrap),
      fingerprintKeys: await reseal(fingerprintKeys, oldWrap, newWrap),
      c2paKeys: await reseal(c2paKeys, oldWrap, newWrap),
    };
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
  /** a PostgreSQL URL; falls back to WM_DATABASE_URL, else SQLite in the data folder */
  database?: string;
  env?: NodeJS.ProcessEnv;
  newKeyVariable?: string;
}): Promise<RotationResult> {
  const env = options.env ?? process.env;
  const { newKeyVariable } = options;
  const opened = await openDataFolder({
    home: options.home,
    env,
    create: false,
    database: options.database,
    lock: 'maintenance',
  });
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
