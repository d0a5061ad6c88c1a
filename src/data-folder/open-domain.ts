import {
  openDataFolder,
  type DatabaseEvents,
  type FolderHolder,
  type MasterKeySource,
  type Store,
} from '../store/index.js';
import { configFromEnv, type DomainConfig } from '../domain/config.js';
import { createDomain, type Domain } from '../domain/create-domain.js';
import { checkMasterKey } from '../domain/master-key-check.js';
import type { WorkRunner } from '../domain/work/runner.js';

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
  /** SQLite: hold the data folder's lock until `close` (`server`: wm serve) */
  lock?: FolderHolder;
  /** where the work growing with a request's input runs (wm serve: worker threads); default this thread */
  work?: WorkRunner;
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
    lock: options.lock,
  });
  const { store, home, masterKey, masterKeySource, engine, lock } = opened;
  const close = async () => {
    try {
      await store.close();
    } finally {
      lock?.release();
    }
  };
  try {
    if (options.checkMasterKey) await checkMasterKey(store, masterKey, masterKeySource);
    const domain = createDomain({
      store,
      masterKey,
      config: { ...configFromEnv(env), ...options.config },
      work: options.work,
    });
    return { domain, store, home, masterKeySource, engine, close };
  } catch (error) {
    await close();
    throw error;
  }
}
