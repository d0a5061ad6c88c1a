import {
  createSigningKey,
  newSigningSeed,
  publishedKeySetOf,
  type PublishedKeySet,
  type SigningKey,
  type VerifyingKey,
} from '../codec/index.js';
import type { PublicSigningKeyRow, UnitOfWork } from '../store/index.js';
import type { DomainContext } from './context.js';
import { openSealedKey, sealKey } from './keys.js';
import { iso, isoOrNull } from './users.js';
import type { SigningKeyInfo } from './types.js';

/**
 * A channel's Ed25519 signing keys: the private seed sealed under the master-derived wrapping key like the
 * channel's AES key, the public key in the clear (it is published). The associated data names the channel and the
 * key id, so a sealed seed cannot be swapped for another key's or passed off as a channel's AES key.
 */
export const signingSealContext = (channelId: string, keyId: string): string => `signing-key ${channelId} ${keyId}`;

/**
 * Gives the channel a new current signing key inside the caller's unit of work, retiring the current one (if any)
 * at the same instant: retired keys are kept, so the marks they made keep verifying. Returns the new key's id.
 */
export async function addSigningKey(
  tx: UnitOfWork,
  context: DomainContext,
  channelId: string,
  at: number,
): Promise<string> {
  const seed = newSigningSeed();
  const { keyId, publicKey } = createSigningKey(seed);
  const sealedSeed = sealKey(context.keys.channelWrap, seed, signingSealContext(channelId, keyId));
  seed.fill(0);
  await tx.signingKeys.retireCurrent(channelId, at);
  await tx.signingKeys.insert({ keyId, channelId, publicKey, sealedSeed, createdAt: at });
  return keyId;
}

/** The channel's current signing key, unsealed; undefined when it has none. Only the encode operations call this. */
export async function currentSigningKey(context: DomainContext, channelId: string): Promise<SigningKey | undefined> {
  const row = await context.store.signingKeys.currentOf(channelId);
  if (!row) return undefined;
  const seed = openSealedKey(context.keys.channelWrap, row.sealedSeed, signingSealContext(channelId, row.keyId));
  try {
    return createSigningKey(seed);
  } finally {
    seed.fill(0);
  }
}

/** The name the key set and the signature reports give a channel's keys. */
export const signerNameOf = (row: Pick<PublicSigningKeyRow, 'signerName' | 'channelName'>): string =>
  row.signerName ?? row.channelName;

export function toSigningKeyInfo(row: PublicSigningKeyRow): SigningKeyInfo {
  return {
    key_id: row.keyId,
    public_key: Buffer.from(row.publicKey).toString('base64url'),
    created_at: iso(row.createdAt),
    retired_at: isoOrNull(row.retiredAt),
  };
}

export interface PublicKeys {
  /**
   * The public key set of the server (/.well-known/wm-keys.json): every key, current and retired, of the channels
   * whose owners made their keys public, in the format `wm keys export` writes.
   */
  keySet(): Promise<PublishedKeySet>;
}

export const createPublicKeys = (context: DomainContext): PublicKeys => ({
  keySet: () => publishedKeySet(context),
});

async function publishedKeySet(context: DomainContext): Promise<PublishedKeySet> {
  const rows = await context.store.signingKeys.published();
  return publishedKeySetOf(
    rows.map((row) => ({
      publicKey: row.publicKey,
      name: signerNameOf(row),
      created: iso(row.createdAt),
      retired: isoOrNull(row.retiredAt),
    })),
  );
}

/**
 * The keys among `keyIds` that a decode by `userId`'s token may name as known signers: the published ones and the
 * account's own. Another account's unpublished key stays unknown, so a decode reveals nothing about it.
 */
export async function verifyingKeysFor(
  context: DomainContext,
  userId: string,
  keyIds: readonly string[],
): Promise<VerifyingKey[]> {
  const rows = await context.store.signingKeys.publicByIds(keyIds);
  return rows
    .filter((row) => row.keysPublic || row.userId === userId)
    .map((row) => ({ keyId: row.keyId, publicKey: row.publicKey, name: signerNameOf(row) }));
}
