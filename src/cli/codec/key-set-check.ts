import { nameKeys } from 'wm-watermark-codec/unicode/name-key';
import { hexOf, signerIdOf } from 'wm-watermark-codec/signing';
import { CliError, EXIT } from '../errors.js';
import type { FileKey } from './file-key.js';

/** How a key's signer is named in a refusal: its name, account and file. */
const signerOf = (key: FileKey): string =>
  `"${key.name}" (${key.account ? `account ${key.account}, ` : ''}${key.file})`;

/**
 * Refuses keys a verifier could not tell apart: two entries with one key id (whichever came last would name the
 * signer), and two signers with confusable names (docs/SECURITY.md, "Signer names") — across the given files, or
 * within one file under another account. One signer is one name of one account in one file: its keys (current and
 * retired) share the name.
 */
export function refuseAmbiguousKeys(keys: readonly FileKey[]): void {
  const byId = new Map<string, FileKey>();
  for (const key of keys) {
    const id = key.keyId ?? hexOf(signerIdOf(key.publicKey));
    const first = byId.get(id);
    if (first) {
      throw new CliError(
        EXIT.USAGE,
        `--keys: key ${id} is listed twice (${first.file} and ${key.file}): a key may name one signer only`,
      );
    }
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
        throw new CliError(
          EXIT.USAGE,
          `--keys: ${signerOf(other)} and ${signerOf(signer)} could be taken for each other: a signer's name ` +
            'must tell it apart (give the key sets of one signer each, or of one server)',
        );
      }
      holders.set(key, signer);
    }
  }
}
