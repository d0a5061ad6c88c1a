import { openDataFolder, type DatabaseEvents, type MasterKeySource, type Store } from '../store/index.js';
import { configFromEnv, type DomainConfig } from './config.js';
import { createDomain, type Domain } from './create-domain.js';
import { checkMasterKey } from './master-key-check.js';

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
  /** `--database URL` (PostgreSQL); falls back to WM_DATABASE_URL, else SQLite in the data folder */
  database?: string;
  /** PostgreSQL: apply pending migrations instead of refusing them */
  migrate?: boolean;
  /** PostgreSQL: connections this process opens at most */
  poolSize?: number;
  /** PostgreSQL: told once when the database stops answering and once when it answers again */
  databaseEvents?: DatabaseEvents;
  /**
   * Refuse a master key that does not open the channel keys already in the database (MasterKeyMismatchError), so
   * that `wm serve` fails at start, not on the first keyed request.
   */
  checkMasterKey?: boolean;
}

export interface OpenedDomain {
  domain: Domain;
  store: Store;
  /** the resolved data folder */
  home: string;
  masterKeySource: MasterKeySource;
  engine: 'sqlite' | 'postgresql';
  /** closes the database */
  close(): Promise<void>;
}

/** Opens the data folder (its master key and database) and builds the domain over it. */
export async function openDomain(options: OpenDomainOptions = {}): Promise<OpenedDomain> {
  const env = options.env ?? process.env;
  const opened = await openDataFolder({
    home: options.home,
    env,
    create: options.create ?? false,
    database: options.database,
    migrate: options.migrate,
    poolSize: options.poolSize,
    events: options.databaseEvents,
  });
  const { store, home, masterKey, masterKeySource, engine } = opened;
  try {
    if (options.checkMasterKey) await checkMasterKey(store, masterKey, masterKeySource);
    const config = { ...configFromEnv(env), ...options.config };
    const domain = createDomain({ store, masterKey, config });
    return { domain, store, home, masterKeySource, engine, close: () => store.close() };
  } catch (error) {
    await store.close();
    throw error;
  }
}
