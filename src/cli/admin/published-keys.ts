import type { PublishedKeySet } from 'wm-watermark-codec/key-files';
import { withDomain, type AdminOptions } from './output.js';

/** The data folder's public key set: exactly what its `wm serve` answers at /.well-known/wm-keys.json. */
export const publishedKeySetOfDataFolder = (options: AdminOptions): Promise<PublishedKeySet> =>
  withDomain(options, (domain) => domain.publicKeys.keySet());
