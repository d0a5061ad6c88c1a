import type { VerifyingKey } from './signing.js';
import { hexOf, signerIdOf } from './signing.js';
import { nameKeys } from './unicode/name-key.js';

/** A key with where it was read from: a file, a URL, a pasted key set. */
export interface FileKey extends VerifyingKey {
  file: string;
}

/** How a key's signer is named in a refusal: its name, account and file. */
const signerOf = (key: FileKey): string =>
  `"${key.name}" (${key.account ? `account ${key.account}, ` : ''}${key.file})`;

/**
 * Why a verifier could not tell the given keys' signers apart, or null when it can: two entries with one key id
 * (whichever came last would name the signer), or two signers with confusable names (docs/SECURITY.md, "Signer
 * names") — across the given files, or within one file under another account. One signer is one name of one
 * account in one file: its keys (current and retired) share the name. `wm verify --keys` and the checker refuse
 * such a set of keys with this reason.
 */
export function ambiguityOf(keys: readonly FileKey[]): string | null {
  const byId = new Map<string, FileKey>();
  for (const key of keys) {
    const id = key.keyId ?? hexOf(signerIdOf(key.publicKey));
    const first = byId.get(id);
    if (first) return `key ${id} is listed twice (${first.file} and ${key.file}): a key may name one signer only`;
    byId.set(id, key);
  }
  const signers = new Map<string, FileKey>();
  for (const key of keys) {
    if (key.name === undefined) continue;
    signers.set(JSON.stringify([key.file, key.name, key.account ?? null]), key);
  }
  const holders = new Map<string, FileKey>();
  for (const signer of signers.values()) {
    const { folded, cased } = nameKeys(signer.name!);
    for (const key of [`f${folded}`, `c${cased}`]) {
      const other = holders.get(key);
      if (other && other !== signer) {
        return (
          `${signerOf(other)} and ${signerOf(signer)} could be taken for each other: a signer's name must tell it ` +
          'apart (give the key sets of one signer each, or of one server)'
        );
      }
      holders.set(key, signer);
    }
  }
  return null;
}
