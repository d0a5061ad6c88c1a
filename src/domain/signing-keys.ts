import {
  createSigningKey,
  newSigningSeed,
  publishedKeySetOf,
  type PublishedKeySet,
  type SigningKey,
  type VerifyingKey,
} from 'wm-watermark-codec';
import type { ChannelRow, PublicSigningKeyRow, UnitOfWork } from '../store/index.js';
import type { DomainContext } from './context.js';
import { DomainError } from './errors.js';
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

/**
 * A new current key for the channel, within the bounds that keep the key set small: at most
 * `signingKeysPerChannel` keys kept (withdraw a retired one to make room: CONFLICT) and, for the owner (not the
 * operator, who may have to replace a leaked key at once), one rotation per `signingKeyIntervalSeconds` — the
 * first of a channel with one key is free, the next waits that long after it (TOO_MANY_ATTEMPTS, with the time to
 * retry). Counted and added in one unit of work, so concurrent rotations cannot pass the bounds together.
 */
export async function rotateSigningKey(
  context: DomainContext,
  channelId: string,
  by: 'owner' | 'operator',
): Promise<string> {
  const { signingKeysPerChannel: kept, signingKeyIntervalSeconds: interval } = context.config;
  return context.store.transaction(async (tx) => {
    const now = context.now().getTime();
    const count = await tx.signingKeys.countOf(channelId);
    const current = by === 'owner' && count > 1 ? await tx.signingKeys.currentOf(channelId) : undefined;
    const retryAt = current ? current.createdAt + interval * 1000 : now;
    if (retryAt > now) {
      const seconds = Math.ceil((retryAt - now) / 1000);
      throw new DomainError(
        'TOO_MANY_ATTEMPTS',
        `The channel's signing key was rotated less than ${interval} s ago; retry in ${seconds} s`,
        { retryAt: new Date(retryAt) },
      );
    }
    if (count >= kept) {
      throw new DomainError(
        'CONFLICT',
        `The channel keeps ${kept} signing keys already: withdraw a retired key before adding another`,
        { details: { signing_keys: `at most ${kept} per channel` } },
      );
    }
    return addSigningKey(tx, context, channelId, now);
  });
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

/** The same, of a channel row: the name its keys are published under. */
export const publishedNameOf = (row: Pick<ChannelRow, 'signerName' | 'name'>): string => row.signerName ?? row.name;

/**
 * Whether a channel's keys are in the public key set: its owner asks for it, the owner's email address is verified,
 * and the operator approved the publication, or the server trusts every verified account (`keyPublication`). The
 * one rule for the key set, the known signers of a decode and the channel's `keys_published`.
 */
export const isPublished = (
  context: DomainContext,
  row: Pick<ChannelRow, 'keysPublic' | 'publicationApprovedAt'> & { ownerVerified: boolean },
): boolean =>
  row.keysPublic &&
  row.ownerVerified &&
  (row.publicationApprovedAt !== null || context.config.keyPublication === 'verified');

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
   * The public key set of the server (/.well-known/wm-keys.json): every key, current and retired, of the published
   * channels (isPublished), each with its owner's username, in the format `wm keys export` writes. `issuer`: the
   * server's public URL, which the set names as whose it is.
   */
  keySet(issuer?: string): Promise<PublishedKeySet>;
}

export const createPublicKeys = (context: DomainContext): PublicKeys => ({
  keySet: (issuer) => publishedKeySet(context, issuer),
});

async function publishedKeySet(context: DomainContext, issuer: string | undefined): Promise<PublishedKeySet> {
  const rows = (await context.store.signingKeys.published()).filter((row) => isPublished(context, row));
  const keys = rows.map((row) => ({
    publicKey: row.publicKey,
    name: signerNameOf(row),
    account: row.ownerUsername,
    created: iso(row.createdAt),
    retired: isoOrNull(row.retiredAt),
  }));
  return publishedKeySetOf(keys, issuer);
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
    .filter((row) => row.userId === userId || isPublished(context, row))
    .map((row) => ({ keyId: row.keyId, publicKey: row.publicKey, name: signerNameOf(row) }));
}
