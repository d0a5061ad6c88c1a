import type { LimiterDecision, LimiterState } from '../store/index.js';
import { clientAddressKey } from './client-address.js';
import type { DomainContext } from './context.js';
import { DomainError } from './errors.js';

/** What a password attempt is checked against: its client, and the account whose password it tries. */
interface AttemptTarget {
  origin?: AttemptOrigin;
  /** the normalised email of the account; none for work that checks no password (registration) */
  account?: string;
  /**
   * Whether an address that passed the account's check before skips the account's waits. True for sign-in (so an
   * attacker elsewhere cannot keep the owner out); false for the password change, which is no way in: its caller
   * already holds a session, so a stolen access token used from the owner's network is slowed like anyone else.
   */
  knownAddressSkipsWaits?: boolean;
}

/** Where a password attempt comes from. */
export interface AttemptOrigin {
  /**
   * The client's network address. The HTTP face always gives it; local callers (operator commands, tests) give
   * none and are then not counted per address.
   */
  clientAddress?: string;
}

/** One admitted password attempt: run its hashing through the gate with `priority`, then settle it. */
export interface PasswordAttempt {
  /**
   * The gate serves high first: KNOWN_ADDRESS_PRIORITY for an address that signed in to the target account before,
   * else the share of its address's allowance the client had left (1 without an address).
   */
  readonly priority: number;
  /** The password was checked: a right one forgets the account's failures and remembers the address as known. */
  settle(passwordWasRight: boolean): Promise<void>;
  /** No password was checked (e.g. the gate refused): nothing counts for the account. */
  abandon(): Promise<void>;
}

/** Per-account state (keyed by the normalised email, so unknown addresses behave exactly like accounts). */
interface AccountRecord {
  /** failed checks since the last right one, forgotten after FAILURE_MEMORY_MS without an attempt */
  failures: number;
  /** admitted attempts not settled yet (counted like failures, so a burst cannot run before the first fails) */
  pending: number;
  /** the last failure or admission: delays are measured from it (Unix ms) */
  lastAt: number;
  /** pending attempts are forgotten after this (an instance that died mid-attempt must not hold them forever) */
  pendingUntil: number;
  /** client address keys that passed this account's check → when they last did (Unix ms) */
  known: Record<string, number>;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Above any allowance share: the account's owner at a usual address goes ahead of every stranger. */
const KNOWN_ADDRESS_PRIORITY = 2;

const FAILURE_MEMORY_MS = 15 * 60_000;
const PENDING_MEMORY_MS = 60_000;
const KNOWN_ADDRESS_MS = 30 * 24 * 3600_000;
const KNOWN_ADDRESSES_KEPT = 8;

/**
 * Admits one attempt that will run password hashing, or throws TOO_MANY_ATTEMPTS:
 * - per client address: a bucket of `passwordAttemptsPerMinute` attempts, refilled at that rate (login, register
 *   and password change share it);
 * - per account (`account`: the normalised email of login, or the user's email for a password change): the first
 *   `accountFreeFailures` failed checks cost nothing; from then on each attempt must wait, after the account's
 *   previous failure or admission, a delay that doubles from 1 s up to `accountMaxDelaySeconds`. The account is
 *   slowed down, never locked, and at sign-in addresses that passed its check in the last 30 days are not slowed
 *   at all, so an attacker elsewhere cannot keep the owner out. Attempts still running count as failures meanwhile.
 */
async function admitPasswordAttempt(context: DomainContext, target: AttemptTarget): Promise<PasswordAttempt> {
  const state = context.limiterState;
  const address = target.origin?.clientAddress ? clientAddressKey(target.origin.clientAddress) : undefined;
  const allowanceLeft = address === undefined ? 1 : await takeAddressAttempt(context, state, address);
  const account = target.account;
  if (account === undefined) {
    return { priority: allowanceLeft, settle: async () => {}, abandon: async () => {} };
  }
  const known = await beginAccountAttempt(context, state, account, address, target.knownAddressSkipsWaits ?? true);
  const priority = known ? KNOWN_ADDRESS_PRIORITY : allowanceLeft;
  const finish = (outcome: 'right' | 'wrong' | 'none') =>
    state.update<AccountRecord, void>(accountKey(account), (current) => {
      const now = context.now().getTime();
      const record = fresh(current, now);
      record.pending = Math.max(0, record.pending - 1);
      if (outcome === 'right') {
        record.failures = 0;
        if (address !== undefined) record.known = rememberAddress(record.known, address, now);
      } else if (outcome === 'wrong') {
        record.failures += 1;
        record.lastAt = now;
      }
      return keep(record, now);
    });
  return { priority, settle: (right) => finish(right ? 'right' : 'wrong'), abandon: () => finish('none') };
}

/**
 * Admits an attempt (throws TOO_MANY_ATTEMPTS), runs its password `work` through the hash gate (throws BUSY when
 * full) and settles it: `passwordWasRight` tells from the work's result whether a checked password was right.
 */
export async function runPasswordWork<T>(
  context: DomainContext,
  target: AttemptTarget,
  work: () => Promise<T>,
  passwordWasRight: (result: T) => boolean = () => true,
): Promise<T> {
  const attempt = await admitPasswordAttempt(context, target);
  let result: T;
  try {
    result = await context.hashGate.run(attempt.priority, work);
  } catch (error) {
    await attempt.abandon();
    throw error;
  }
  await attempt.settle(passwordWasRight(result));
  return result;
}

/** Takes one attempt from the address's bucket; returns the share left, or throws with the time to the next one. */
function takeAddressAttempt(context: DomainContext, state: LimiterState, address: string): Promise<number> {
  const capacity = context.config.passwordAttemptsPerMinute;
  return takeFromBucket(context, state, `address:${address}`, { capacity, perMs: capacity / 60_000 }, (retryAt) =>
    tooMany(context, 'Too many password attempts from your address', retryAt),
  );
}

/**
 * Counts one request that checks no password but must be limited like one (a forgot-password or resend request, a
 * reset link tried) against its client address's allowance, shared with login, registration and password changes.
 * Returns the share of the allowance left (1 without an address); throws TOO_MANY_ATTEMPTS past it.
 */
export async function countAddressAttempt(context: DomainContext, origin: AttemptOrigin | undefined): Promise<number> {
  const address = origin?.clientAddress ? clientAddressKey(origin.clientAddress) : undefined;
  return address === undefined ? 1 : takeAddressAttempt(context, context.limiterState, address);
}

/**
 * Takes one unit from the token bucket under `key` (full at first, `capacity` units, refilled at `perMs`); returns
 * the share left, or throws `refusal(retryAt)`. A full bucket is not stored.
 */
export async function takeFromBucket(
  context: DomainContext,
  state: LimiterState,
  key: string,
  { capacity, perMs }: { capacity: number; perMs: number },
  refusal: (retryAt: number) => Error,
): Promise<number> {
  type Outcome = { left: number } | { retryAt: number };
  const outcome = await state.update<Bucket, Outcome>(key, (current) => {
    const now = context.now().getTime();
    const tokens = current ? Math.min(capacity, current.tokens + (now - current.at) * perMs) : capacity;
    const taken = tokens >= 1;
    const after = taken ? tokens - 1 : tokens;
    return {
      next: { tokens: after, at: now },
      // a full bucket is the same as none
      expiresAt: now + Math.ceil((capacity - after) / perMs),
      result: taken ? { left: after / capacity } : { retryAt: now + Math.ceil((1 - tokens) / perMs) },
    };
  });
  if ('retryAt' in outcome) throw refusal(outcome.retryAt);
  return outcome.left;
}

/**
 * Admits an attempt on the account or throws; tells whether the address passed the account's check before (such an
 * address skips the waits when `knownSkipsWaits`).
 */
async function beginAccountAttempt(
  context: DomainContext,
  state: LimiterState,
  account: string,
  address: string | undefined,
  knownSkipsWaits: boolean,
): Promise<boolean> {
  const { accountFreeFailures, accountMaxDelaySeconds } = context.config;
  type Outcome = { known: boolean } | { refusedUntil: number };
  const outcome = await state.update<AccountRecord, Outcome>(accountKey(account), (current) => {
    const now = context.now().getTime();
    const record = fresh(current, now);
    const known = address !== undefined && record.known[address] !== undefined;
    const counted = record.failures + record.pending;
    if (!(known && knownSkipsWaits) && counted >= accountFreeFailures) {
      const delayMs = Math.min(1000 * 2 ** Math.min(counted - accountFreeFailures, 30), accountMaxDelaySeconds * 1000);
      const until = record.lastAt + delayMs;
      if (now < until) return { ...keep(record, now), result: { refusedUntil: until } };
    }
    record.pending += 1;
    record.pendingUntil = now + PENDING_MEMORY_MS;
    record.lastAt = now;
    return { ...keep(record, now), result: { known } };
  });
  if ('refusedUntil' in outcome) {
    throw tooMany(context, 'Too many failed password attempts on this account', outcome.refusedUntil);
  }
  return outcome.known;
}

const accountKey = (account: string) => `account:${account}`;

/** The record as of `now`: aged failures, stale pending attempts and old known addresses dropped. */
function fresh(current: AccountRecord | undefined, now: number): AccountRecord {
  if (!current) return { failures: 0, pending: 0, lastAt: 0, pendingUntil: 0, known: {} };
  const known = Object.fromEntries(Object.entries(current.known).filter(([, at]) => at + KNOWN_ADDRESS_MS > now));
  return {
    failures: current.lastAt + FAILURE_MEMORY_MS > now ? current.failures : 0,
    pending: current.pendingUntil > now ? current.pending : 0,
    lastAt: current.lastAt,
    pendingUntil: current.pendingUntil,
    known,
  };
}

/** The record to store (or none, once nothing in it matters any more) and until when. */
function keep(record: AccountRecord, now: number): LimiterDecision<AccountRecord, undefined> {
  const expiresAt = Math.max(
    record.failures > 0 ? record.lastAt + FAILURE_MEMORY_MS : 0,
    record.pending > 0 ? record.pendingUntil : 0,
    ...Object.values(record.known).map((at) => at + KNOWN_ADDRESS_MS),
  );
  return { next: expiresAt > now ? record : undefined, expiresAt, result: undefined };
}

function rememberAddress(known: Record<string, number>, address: string, now: number): Record<string, number> {
  const newest = Object.entries({ ...known, [address]: now })
    .sort(([, a], [, b]) => b - a)
    .slice(0, KNOWN_ADDRESSES_KEPT);
  return Object.fromEntries(newest);
}

export function tooMany(context: DomainContext, reason: string, retryAt: number): DomainError {
  const seconds = Math.max(1, Math.ceil((retryAt - context.now().getTime()) / 1000));
  return new DomainError('TOO_MANY_ATTEMPTS', `${reason}; retry in ${seconds} s`, { retryAt: new Date(retryAt) });
}
