import { eq } from 'drizzle-orm';
import { channels, type Store } from '../store/index.js';
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
 * Re-seals every channel key under the wrapping key derived from `newMaster`, in one immediate transaction: all
 * channels or none. The channel keys themselves do not change, so every keyed watermark stays readable. Access
 * tokens are signed with a key derived from the master key, so the old ones stop verifying once the new key is in
 * use; refresh tokens are stored as hashes and keep working.
 */
export function resealChannelKeys(store: Store, oldMaster: Uint8Array, newMaster: Uint8Array): ResealResult {
  const oldWrap = deriveKeys(oldMaster).channelWrap;
  const newWrap = deriveKeys(newMaster).channelWrap;
  return store.db.transaction(
    (tx) => {
      const result: ResealResult = { resealed: 0, alreadyResealed: 0 };
      for (const channel of tx.select({ id: channels.id, sealedKey: channels.sealedKey }).from(channels).all()) {
        const plain = opens(oldWrap, channel.sealedKey, channel.id);
        if (plain) {
          tx.update(channels).set({ sealedKey: sealKey(newWrap, plain, channel.id) }).where(eq(channels.id, channel.id)).run();
          result.resealed += 1;
        } else if (opens(newWrap, channel.sealedKey, channel.id)) {
          result.alreadyResealed += 1;
        } else {
          throw new Error(`the key of channel ${channel.id} opens with neither the current nor the new master key; nothing was changed`);
        }
      }
      return result;
    },
    { behavior: 'immediate' },
  );
}
