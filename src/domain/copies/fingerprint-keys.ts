import { randomBytes } from 'node:crypto';
import type { Repositories } from '../../store/index.js';
import type { DomainContext } from '../context.js';
import { FINGERPRINT_KEY_BYTES, fingerprintKey, type FingerprintKey } from '../fingerprint/index.js';
import { MasterKeyMismatchError } from '../master-key-check.js';
import { sealKey, tryOpenSealedKey } from '../keys.js';

/** The associated data an owner's fingerprint key is sealed with: a sealed key can't be moved to another owner. */
export const fingerprintSealContext = (ownerId: string): string => `fingerprint-key:${ownerId}`;

function opened(context: DomainContext, ownerId: string, sealed: Uint8Array): FingerprintKey {
  const secret = tryOpenSealedKey(context.keys.channelWrap, sealed, fingerprintSealContext(ownerId));
  if (!secret) {
    throw new MasterKeyMismatchError(
      `the master key does not open the fingerprint key of account ${ownerId}: it is not the master key the ` +
        "database's keys were sealed with",
    );
  }
  const key = fingerprintKey(secret);
  secret.fill(0);
  return key;
}

/** The owner's fingerprint key, or undefined before its first issue (it then has no documents either). */
export async function existingFingerprintKey(
  context: DomainContext,
  ownerId: string,
): Promise<FingerprintKey | undefined> {
  const sealed = await context.store.copies.sealedFingerprintKey(ownerId);
  return sealed && opened(context, ownerId, sealed);
}

/** The owner's fingerprint key, made and stored (sealed) on its first issue. */
export async function ownFingerprintKey(
  context: DomainContext,
  ownerId: string,
  store: Pick<Repositories, 'copies'> = context.store,
): Promise<FingerprintKey> {
  const sealed =
    (await store.copies.sealedFingerprintKey(ownerId)) ??
    (await store.copies.insertFingerprintKey(
      ownerId,
      sealKey(context.keys.channelWrap, randomBytes(FINGERPRINT_KEY_BYTES), fingerprintSealContext(ownerId)),
      context.now().getTime(),
    ));
  return opened(context, ownerId, sealed);
}
