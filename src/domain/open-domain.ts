import { join } from 'node:path';
import { DATABASE_FILE, ensureDataHome, loadMasterKey, openStore, resolveDataHome, type Store } from '../store/index.js';
import { configFromEnv, type DomainConfig } from './config.js';
import { createDomain, type Domain } from './create-domain.js';

export interface OpenDomainOptions {
  /** the data folder; falls back to WM_HOME, then ~/.wm */
  home?: string;
  config?: Partial<DomainConfig>;
  env?: NodeJS.ProcessEnv;
}

export interface OpenedDomain {
  domain: Domain;
  store: Store;
  /** the resolved data folder */
  home: string;
  /** closes the database */
  close(): void;
}

/** Resolves the data folder (creating it), the master key and the database (migrated), and builds the domain. */
export function openDomain(options: OpenDomainOptions = {}): OpenedDomain {
  const env = options.env ?? process.env;
  const home = ensureDataHome(resolveDataHome(options.home, env));
  const masterKey = loadMasterKey(home, env);
  const store = openStore(join(home, DATABASE_FILE));
  const domain = createDomain({ store, masterKey, config: { ...configFromEnv(env), ...options.config } });
  return { domain, store, home, close: () => store.close() };
}
