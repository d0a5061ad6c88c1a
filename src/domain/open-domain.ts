import { openDataFolder, type FolderHolder, type MasterKeySource, type Store } from '../store/index.js';
import { configFromEnv, type DomainConfig } from './config.js';
import { createDomain, type Domain } from './create-domain.js';

export interface OpenDomainOptions {
  /** the data folder; falls back to WM_HOME, then ~/.wm */
  home?: string;
  /**
   * Create the data folder, its master key and database when missing: only for the commands that can start from
   * nothing (`wm serve`, `wm db migrate`, `wm users create`). Otherwise a missing part is refused with a
   * MissingDataError and nothing is created.
   */
  create?: boolean;
  config?: Partial<DomainConfig>;
  env?: NodeJS.ProcessEnv;
  /** hold the data folder's lock until `close` (`server`: wm serve) */
  lock?: FolderHolder;
}

export interface OpenedDomain {
  domain: Domain;
  store: Store;
  /** the resolved data folder */
  home: string;
  masterKeySource: MasterKeySource;
  /** closes the database */
  close(): Promise<void>;
}

/** Opens the data folder (its master key and database, migrated) and builds the domain over it. */
export async function openDomain(options: OpenDomainOptions = {}): Promise<OpenedDomain> {
  const env = options.env ?? process.env;
  const opened = await openDataFolder({ home: options.home, env, create: options.create ?? false, lock: options.lock });
  const { store, home, masterKey, masterKeySource, lock } = opened;
  const close = async () => {
    try {
      await store.close();
    } finally {
      lock?.release();
    }
  };
  try {
    const domain = createDomain({ store, masterKey, config: { ...configFromEnv(env), ...options.config } });
    return { domain, store, home, masterKeySource, close };
  } catch (error) {
    await close();
    throw error;
  }
}
