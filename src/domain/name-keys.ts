import { nameKeys } from 'wm-watermark-codec/unicode/name-key';
import type { StoredNameKeys } from '../store/index.js';
import type { DomainContext } from './context.js';
import { DomainError } from './errors.js';

/**
 * Names that stand for someone — usernames, and the signer names under which keys are published — are held by one
 * account or channel each, under confusable matching (docs/SECURITY.md, "Signer names"): the store keeps both keys
 * of such a name unique.
 */
export function storedNameKeysOf(name: string): StoredNameKeys {
  const keys = nameKeys(name);
  return { key: keys.folded, keyCased: keys.cased };
}

export const usernameTaken = (): DomainError =>
  new DomainError('CONFLICT', 'This username is taken, or looks too much like the name of another account', {
    details: { username: 'taken (or confusable with another account’s)' },
  });

export const signerNameTaken = (): DomainError =>
  new DomainError(
    'CONFLICT',
    'Another channel publishes under this signer name, or one that looks too much like it: choose another name',
    { details: { signer_name: 'taken (or confusable with another signer’s)' } },
  );

const BATCH = 500;

/**
 * Gives the accounts of a release before the keys their username's keys (at server start). Where two older
 * accounts have confusable usernames, the older one gets the keys and the other keeps none: it can stay as it is,
 * and no new account can take a name like either. Returns how many accounts got their keys.
 */
export async function assignMissingUsernameKeys(context: DomainContext): Promise<number> {
  let assigned = 0;
  const passedOver = new Set<string>();
  for (;;) {
    const batch = (await context.store.users.withoutUsernameKeys(BATCH + passedOver.size)).filter(
      (row) => !passedOver.has(row.id),
    );
    if (batch.length === 0) return assigned;
    for (const row of batch) {
      if (await context.store.users.setUsernameKeys(row.id, storedNameKeysOf(row.username))) assigned++;
      else passedOver.add(row.id);
    }
  }
}
