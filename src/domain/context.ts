import type { LimiterState, Store } from '../store/index.js';
import type { Charges } from './charges.js';
import type { DomainConfig } from './config.js';
import type { HashGate } from './hash-gate.js';
import type { DerivedKeys } from './keys.js';
import type { DomainObserver } from './observer.js';
import type { WorkRunner } from './work/runner.js';

/** What every domain module is built from. */
export interface DomainContext {
  store: Store;
  config: DomainConfig;
  keys: DerivedKeys;
  now: () => Date;
  /** the money path: watermark operations' charges and token uses, committed together per event-loop turn */
  charges: Charges;
  /** counts password attempts per client address and per account */
  limiterState: LimiterState;
  /** bounds the password hashing running and waiting in this process */
  hashGate: HashGate;
  observer: DomainObserver;
  /** where the work that grows with a request's input runs (./work/): this thread, or worker threads */
  work: WorkRunner;
}
