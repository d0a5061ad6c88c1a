import type { LimiterState, PoolState, Store } from '../store/index.js';
import { createAccounts, type Accounts } from './accounts.js';
import { createAdmin, type Admin } from './admin.js';
import { createApiTokens, type ApiTokens } from './api-tokens.js';
import { createChannels, type Channels } from './channels.js';
import { createCharges } from './charges.js';
import { createAccountOperations, type AccountOperations } from './account-operations.js';
import { resolveConfig, type DomainConfig } from './config.js';
import type { DomainContext } from './context.js';
import { createCredits, type Credits } from './credits.js';
import { createHashGate, type HashGate } from './hash-gate.js';
import { createCurrentToken, type CurrentToken } from './current-token.js';
import { deriveKeys } from './keys.js';
import { createRecovery, type Recovery } from './recovery.js';
import { createSessions, type Sessions } from './sessions.js';
import type { DomainObserver } from './observer.js';
import { createPublicKeys, type PublicKeys } from './signing-keys.js';
import { createWatermark, type Watermark } from './watermark.js';
import { inlineWork, type WorkRunner } from './work/runner.js';

export type { DomainObserver } from './observer.js';

export interface CreateDomainOptions {
  store: Store;
  /** 32 bytes; sub-keys for JWTs and channel-key wrapping are derived from it */
  masterKey: Uint8Array;
  config?: Partial<DomainConfig>;
  /** the clock; tests move it to cross expiries and quota periods */
  now?: () => Date;
  /** where password attempts are counted; defaults to the store's (SQLite: this process's memory) */
  limiterState?: LimiterState;
  /** the bound on password hashing; defaults to one of this domain's own, sized by the config */
  hashGate?: HashGate;
  /** where the codec's and the copies' work runs; defaults to this thread (wm serve hands it to worker threads) */
  work?: WorkRunner;
}

export interface Domain {
  readonly config: Readonly<DomainConfig>;
  /** register, verify email, profile, password (by user id from `sessions.authenticate`) */
  accounts: Accounts;
  /** login, access tokens (JWT), refresh rotation, logout */
  sessions: Sessions;
  /** the ways back in without the operator: a password-reset link, a new verification link */
  recovery: Recovery;
  /** watermark API tokens of the signed-in user */
  apiTokens: ApiTokens;
  /** signing channels of the signed-in user */
  channels: Channels;
  /** balance, quota and usage history of the signed-in user */
  credits: Credits;
  /** the five watermark operations, authenticated by an API token secret */
  watermark: Watermark;
  /**
   * the operations on an account's records (issued copies and tracing a leak back to its recipient:
   * docs/TRACING.md), by name, authenticated by an API token
   */
  accountOperations: AccountOperations;
  /** the API token a request presents: check, describe or revoke it without a watermark operation */
  currentToken: CurrentToken;
  /** the public key set of the channels whose owners published their signing keys; needs no credential */
  publicKeys: PublicKeys;
  /** operator actions by email, used by the `wm users|tokens|channels|credits` commands; no suspension check */
  admin: Admin;
  /** Resolves when the service can serve: its database answers (readiness). */
  ready(): Promise<void>;
  /** The database's connections now (PostgreSQL's pool); undefined for SQLite. */
  databasePool(): PoolState | undefined;
  /**
   * Tells `observer` of charges and group commits from now on (metrics); one observer at a time, a later call
   * replaces it.
   */
  observe(observer: DomainObserver): void;
}

export function createDomain(options: CreateDomainOptions): Domain {
  const config = resolveConfig(options.config);
  const now = options.now ?? (() => new Date());
  const { store } = options;
  let current: DomainObserver = {};
  // the domain's modules hold this one object; `observe` changes where it forwards to
  const observer: DomainObserver = {
    charge: (outcome) => current.charge?.(outcome),
    batch: (uses) => current.batch?.(uses),
  };
  const context: DomainContext = {
    store,
    config,
    keys: deriveKeys(options.masterKey),
    now,
    observer,
    charges: createCharges({ store, config, now, observer }),
    limiterState: options.limiterState ?? store.createLimiterState({ now: () => now().getTime() }),
    hashGate:
      options.hashGate ?? createHashGate({ concurrency: config.hashConcurrency, queueLength: config.hashQueueLength }),
    work: options.work ?? inlineWork,
  };
  return {
    config: context.config,
    accounts: createAccounts(context),
    sessions: createSessions(context),
    recovery: createRecovery(context),
    apiTokens: createApiTokens(context),
    channels: createChannels(context),
    credits: createCredits(context),
    watermark: createWatermark(context),
    accountOperations: createAccountOperations(context),
    currentToken: createCurrentToken(context),
    publicKeys: createPublicKeys(context),
    admin: createAdmin(context),
    ready: () => store.ping(),
    databasePool: () => store.poolState(),
    observe: (next) => void (current = next),
  };
}
