import { publishedKeySetOf, type PublicKeyInfo } from '../../codec/key-files.js';
import { hexOf, signerIdOf } from '../../codec/signing.js';
import { CliError, EXIT } from '../errors.js';
import { formatJson } from './format.js';
import { writeOutput } from './io.js';
import { resolveVerifyingKeys } from './signing-keys.js';

export interface KeysExportCommandOptions {
  out?: string;
  /** the name of the one key given (default: its file name without .pub) */
  name?: string;
}

/**
 * The public key set (wm-keys.json) of the given NAME.pub files and key sets, merged: one entry per key id, the
 * first file naming a key wins, and its dates as a key set gave them. What a publisher serves at
 * /.well-known/wm-keys.json so that anyone can run `wm verify --keys`.
 */
export async function runKeysExport(files: string[], options: KeysExportCommandOptions): Promise<void> {
  if (files.length === 0) throw new CliError(EXIT.USAGE, 'name the public keys to export: NAME.pub or key set files');
  const keys = await resolveVerifyingKeys({ keys: files });
  if (options.name !== undefined && keys.length !== 1) {
    throw new CliError(EXIT.USAGE, `--name names one key, but the files hold ${keys.length}`);
  }
  const byId = new Map<string, PublicKeyInfo>();
  for (const key of keys) {
    const id = hexOf(signerIdOf(key.publicKey));
    if (byId.has(id)) continue;
    const name = options.name ?? key.name ?? id;
    byId.set(id, { publicKey: key.publicKey, name, created: key.created, retired: key.retired });
  }
  await writeOutput(formatJson(publishedKeySetOf([...byId.values()])), options.out);
}
