import type { Db, GroupCommit } from '../store/index.js';
import type { DomainConfig } from './config.js';
import type { DerivedKeys } from './keys.js';

/** What every domain module is built from. */
export interface DomainContext {
  db: Db;
  config: DomainConfig;
  keys: DerivedKeys;
  now: () => Date;
  /** the hot path's writes: shared with the other writes of this event-loop turn, settled after COMMIT */
  commitTogether: GroupCommit;
}
