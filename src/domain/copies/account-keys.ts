import { createSecretKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';
import type { Repositories } from '../../store/index.js';
import type { DomainContext } from '../context.js';
import { FINGERPRINT_KEY_BYTES, fingerprintKey, type FingerprintKey } from '../fingerprint/index.js';
import { MasterKeyMismatchError } from '../master-key-check.js';
import { sealKey, tryOpenSealedKey } from '../keys.js';

/**
 * Each account's copies secret: 32 random bytes, made on its first issue and stored sealed with the master key (the
 * store calls it the fingerprint key, its first use). Keys are derived from it, each for one purpose only:
 * - the fingerprint key of the account's documents (`fingerprintKey`, as before);
 * - the copy-mark key, which seals the marks of every copy the account issues. No API token, channel or encode
 *   ever holds it, so no encode can make a mark that authenticates as a copy's (docs/SECURITY.md, round four);
 * - the key of its document ids (opaque-id.ts): ids of its own, stable across master-key rotations;
 * - the root of its documents' variant keys: each document with variant copies gets its own key, derived from it
 *   with the document's random salt (`documentVariantKey`), so no two issues share a code.
 */
export interface CopiesKeys {
  fingerprint: FingerprintKey;
  /** AES-256-GCM key of copy marks (HKDF-SHA-256 of the secret, info "wm copy marks v1") */
  marks: Uint8Array;
  /** AES-256 key of the account's document ids (info "wm document ids v1") */
  documentIds: KeyObject;
  /** the root of its documents' variant keys (info "wm variant copies v1") */
  variants: Uint8Array;
}

/** The associated data an account's secret is sealed with: a sealed secret can't be moved to another account. */
export const fingerprintSealContext = (ownerId: string): string => `fingerprint-key:${ownerId}`;

const derived = (secret: Uint8Array, info: string, salt: Uint8Array = new Uint8Array(0)) =>
  new Uint8Array(hkdfSync('sha256', secret, salt, info, 32));

/** Random bytes of a document's salt: with the account's variants root, its variant key. */
export const VARIANT_SALT_BYTES = 16;

/**
 * The variant key of one document, as the codec's `variantKey` takes it (32 bytes, which a job carries to a worker):
 * HKDF of the account's variants root with the document's salt.
 */
export const documentVariantKey = (keys: CopiesKeys, salt: Uint8Array): Uint8Array =>
  derived(keys.variants, 'wm document variants v1', salt);

function opened(context: DomainContext, ownerId: string, sealed: Uint8Array): CopiesKeys {
  const secret = tryOpenSealedKey(context.keys.channelWrap, sealed, fingerprintSealContext(ownerId));
  if (!secret) {
    throw new MasterKeyMismatchError(
      `the master key does not open the copies key of account ${ownerId}: it is not the master key the ` +
        "database's keys were sealed with",
    );
  }
  const keys = {
    fingerprint: fingerprintKey(secret),
    marks: derived(secret, 'wm copy marks v1'),
    documentIds: createSecretKey(derived(secret, 'wm document ids v1')),
    variants: derived(secret, 'wm variant copies v1'),
  };
  secret.fill(0);
  return keys;
}

/** The account's copies keys, or undefined before its first issue (it then has no documents or copies either). */
export async function existingCopiesKeys(context: DomainContext, ownerId: string): Promise<CopiesKeys | undefined> {
  const sealed = await context.store.copies.sealedFingerprintKey(ownerId);
  return sealed && opened(context, ownerId, sealed);
}

/** The account's copies keys, its secret made and stored (sealed) on its first issue. */
export async function ownCopiesKeys(
  context: DomainContext,
  ownerId: string,
  store: Pick<Repositories, 'copies'> = context.store,
): Promise<CopiesKeys> {
  const sealed =
    (await store.copies.sealedFingerprintKey(ownerId)) ??
    (await store.copies.insertFingerprintKey(
      ownerId,
      sealKey(context.keys.channelWrap, randomBytes(FINGERPRINT_KEY_BYTES), fingerprintSealContext(ownerId)),
      context.now().getTime(),
    ));
  return opened(context, ownerId, sealed);
}
