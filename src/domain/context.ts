import type { Db, GroupCommit, LimiterState } from '../store/index.js';
import type { DomainConfig } from './config.js';
import type { HashGate } from './hash-gate.js';
import type { DerivedKeys } from './keys.js';

/** What every domain module is built from. */
export interface DomainContext {
  db: Db;
  config: DomainConfig;
  keys: DerivedKeys;
  now: () => Date;
  /** the hot path's writes: shared with the other writes of this event-loop turn, settled after COMMIT */
  commitTogether: GroupCommit;
  /** counts password attempts per client address and per account */
  limiterState: LimiterState;
  /** bounds the password hashing running and waiting in this process */
  hashGate: HashGate;
}
