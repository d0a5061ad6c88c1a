import { publishedKeyOf, type PublishedKey } from 'wm-watermark-codec/key-files';
import { hexOf, signerIdOf } from 'wm-watermark-codec/signing';
import { CliError, EXIT } from '../errors.js';
import { formatJson } from './format.js';
import { writeOutput } from './io.js';
import { readKeyFiles } from './signing-keys.js';

export interface KeysExportCommandOptions {
  out?: string;
  /** the name of the one key given (default: its file name without .pub) */
  name?: string;
  /** the data folder whose published keys to export (default: $WM_HOME, else ~/.wm) */
  home?: string;
  /** a PostgreSQL database instead of SQLite in the data folder */
  database?: string;
}

/**
 * The public key set (wm-keys.json) of the given NAME.pub files and key sets, merged: one entry per key id, the
 * first file naming a key wins, and its dates as a key set gave them. Without files, or with --home/--database,
 * the data folder's published keys come first, as its `wm serve` lists them at /.well-known/wm-keys.json: so a
 * server's key set can be written offline and served from anywhere.
 */
export async function runKeysExport(files: string[], options: KeysExportCommandOptions): Promise<void> {
  const fromDataFolder = files.length === 0 || options.home !== undefined || options.database !== undefined;
  const fileKeys = await readKeyFiles({ keys: files });
  if (options.name !== undefined && fileKeys.length !== 1) {
    throw new CliError(EXIT.USAGE, `--name names one key, but the files hold ${fileKeys.length}`);
  }
  const byId = new Map<string, PublishedKey>();
  if (fromDataFolder) {
    // loaded only here: exporting key files needs no database code
    const { publishedKeySetOfDataFolder } = await import('../admin/published-keys.js');
    for (const key of (await publishedKeySetOfDataFolder(options)).keys) byId.set(key.kid, key);
  }
  for (const key of fileKeys) {
    const id = hexOf(signerIdOf(key.publicKey));
    if (byId.has(id)) continue;
    const name = options.name ?? key.name ?? id;
    const { publicKey, created, retired, account } = key;
    byId.set(id, publishedKeyOf({ publicKey, name, account, created, retired }));
  }
  await writeOutput(formatJson({ keys: [...byId.values()] }), options.out);
}
